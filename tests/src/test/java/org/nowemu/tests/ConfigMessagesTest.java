package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.nowemu;
import static org.nowemu.tests.OutputsCommandLineTest.assertRefusedBeforeTheRun;
import static org.nowemu.tests.OutputsCommandLineTest.tiny;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The messages a user reads when a configuration is wrong: one line, exit 2, before anything runs, naming the key
 * or the file the user wrote (never the jar's reference.conf, never a type's range), and saying what was expected
 * in words. The tests run from tests/, so a file given by its path is read from another folder than its own.
 */
class ConfigMessagesTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /** The one line {@code args} are refused with, checked as bad input before anything ran. */
    private String refusal(List<String> args) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--out", tmp.resolve("out").toString()));
        CommandLineTest.Outcome o = nowemu(all.toArray(String[]::new));
        assertRefusedBeforeTheRun(o, "");
        assertFalse(Files.exists(tmp.resolve("out")));
        return o.err().strip();
    }

    private String refusal(String... args) {
        return refusal(List.of(args));
    }

    @Test
    void anIncludeCycleIsNamedOnce() throws IOException {
        Files.writeString(tmp.resolve("a.conf"), "include \"b.conf\"\nnowemu.workload = phold\n");
        Files.writeString(tmp.resolve("b.conf"), "include required(\"a.conf\")\n");
        assertEquals("nowemu: include cycle: a.conf -> b.conf -> a.conf (in " + tmp + ")",
                refusal("run", tmp.resolve("a.conf").toString()));
    }

    @Test
    void aMissingRelativeIncludeNamesTheFileAndTheFolderItWasLookedForIn() throws IOException {
        Files.createDirectories(tmp.resolve("exp"));
        Files.writeString(tmp.resolve("exp/mine.conf"), "include required(\"common/base.conf\")\n"
                + "nowemu.workload = phold\n");
        assertEquals("nowemu: mine.conf: include required(\"common/base.conf\"): no file base.conf in "
                + tmp.resolve("exp/common"), refusal("run", tmp.resolve("exp/mine.conf").toString()));
        // Once there, it is read from beside the including file, not from the working folder: its bad value is
        // reported with its own name and line.
        Files.createDirectories(tmp.resolve("exp/common"));
        Files.writeString(tmp.resolve("exp/common/base.conf"), "\nnowemu.phold.remote = 5\n");
        assertEquals("nowemu: nowemu.phold.remote: must be between 0.0 and 1.0, got 5.0 (base.conf:2)",
                refusal("run", tmp.resolve("exp/mine.conf").toString()));
    }

    @Test
    void aRangeWithStepZeroNamesTheStepTheUserWrote() throws IOException {
        List<String> range = tiny("--set", "nowemu.sweep.key=nowemu.phold.remote", "--set",
                "nowemu.sweep.range.from=0.1", "--set", "nowemu.sweep.range.to=0.3");
        List<String> zero = new ArrayList<>(range);
        zero.addAll(List.of("--set", "nowemu.sweep.range.step=0"));
        assertEquals("nowemu: nowemu.sweep.range.step: a range from 0.1 to 0.3 needs a step other than 0"
                + " (--set nowemu.sweep.range.step=0)", refusal(zero));
        // Not set at all: the message still names the step, and says it is the default.
        assertEquals("nowemu: nowemu.sweep.range.step: a range from 0.1 to 0.3 needs a step other than 0"
                + " (the default, in reference.conf)", refusal(range));
        Path file = Files.writeString(tmp.resolve("sweep.conf"), "nowemu.workload = phold\nnowemu.sweep {\n"
                + "  key = nowemu.phold.remote\n  range { from = 1, to = 3, step = 0 }\n}\n");
        assertEquals("nowemu: nowemu.sweep.range.step: a range from 1 to 3 needs a step other than 0 (sweep.conf:4)",
                refusal("run", file.toString()));
    }

    @Test
    void aValueOfTheWrongKindNamesTheKeyAndWhatWasExpectedInWords() throws IOException {
        assertEquals("nowemu: nowemu.phold.remote: must be a number between 0.0 and 1.0, got 'abc'"
                + " (--set nowemu.phold.remote=abc)", refusal(tiny("--set", "nowemu.phold.remote=abc")));
        Path file = Files.writeString(tmp.resolve("quoted.conf"), "nowemu.workload = phold\n"
                + "nowemu.phold.components = \"2.5\"\n");
        assertEquals("nowemu: nowemu.phold.components: must be a whole number between 1 and 50000000, got '2.5'"
                + " (a text) (quoted.conf:2)", refusal("run", file.toString()));
        assertEquals("nowemu: nowemu.runtime.trace.enabled: must be true or false, got 2.5"
                + " (--set nowemu.runtime.trace.enabled=2.5)", refusal(tiny("--set", "nowemu.runtime.trace.enabled=2.5")));
        assertEquals("nowemu: nowemu.hardware.profile: must be a single value, got a list [\"now\"]"
                + " (--set nowemu.hardware.profile=[now])", refusal(tiny("--set", "nowemu.hardware.profile=[now]")));
        // A type Typesafe Config reports itself ("has type NUMBER rather than LIST") is said the same way.
        assertEquals("nowemu: nowemu.sweep.values: must be a list [...], got a number (--set nowemu.sweep.values=5)",
                refusal(tiny("--set", "nowemu.sweep.key=nowemu.phold.remote", "--set", "nowemu.sweep.values=5")));
    }

    @Test
    void aCountQuotesItsOwnBoundsNotALongs() {
        String m = refusal(tiny("--set", "nowemu.phold.components=2.5"));
        assertEquals("nowemu: nowemu.phold.components: must be a whole number between 1 and 50000000, got 2.5"
                + " (--set nowemu.phold.components=2.5)", m);
        assertEquals("nowemu: nowemu.runtime.trace.max-events-per-component: must be a whole number of at least 0,"
                + " got 1.5 (--set nowemu.runtime.trace.max-events-per-component=1.5)",
                refusal(tiny("--set", "nowemu.runtime.trace.max-events-per-component=1.5")));
        assertEquals("nowemu: nowemu.seed: must be a whole number, got 1.9 (--set nowemu.seed=1.9)",
                refusal(tiny("--set", "nowemu.seed=1.9")));
        // A list of counts is as strict: 2.5 is refused, not run as 2.
        assertTrue(refusal("run", "contention", "--set", "nowemu.contention.clients=[1, 2.5]").startsWith(
                "nowemu: nowemu.contention.clients: must be a list of whole numbers such as [1, 2, 4], got a list"
                        + " [1,2.5]"));
    }

    @Test
    void aSuiteGivenWithSetIsRefusedNotIgnored() {
        assertTrue(refusal(tiny("--set", "nowemu.suite.experiments=[phold]")).startsWith("nowemu:"
                + " nowemu.suite.experiments: a suite is a file that sets this key and nothing else"));
    }
}
