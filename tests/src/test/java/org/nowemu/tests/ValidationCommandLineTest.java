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
 * Sweeps, suites, calibrate and fault schedules are checked whole before anything runs: each bad input is one
 * line naming what is wrong, exit 2, nothing on stdout, nothing written, no stack trace.
 */
class ValidationCommandLineTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    private void refused(String what, List<String> args) {
        Path out = tmp.resolve("out");
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--out", out.toString()));
        assertRefusedBeforeTheRun(nowemu(all.toArray(String[]::new)), what);
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void badSweepsAreRefusedBeforeTheirFirstPoint() {
        refused("nowemu.sweep.range.step: must be a number, got a text (--set nowemu.sweep.range.step=abc)",
                tiny("--set", "nowemu.sweep.key=nowemu.phold.remote", "--set", "nowemu.sweep.range.step=abc"));
        refused("nowemu.sweep.values: must be a list [...], got a number (--set nowemu.sweep.values=5)",
                tiny("--set", "nowemu.sweep.key=nowemu.phold.remote", "--set", "nowemu.sweep.values=5"));
        refused("'nowemu.sweep.key' is set to null", tiny("--set", "nowemu.sweep.key=null"));
        refused("'nowemu' is set to null", tiny("--set", "nowemu=null"));
        // A sweep of its own key would run sweeps of sweeps for ever: refused.
        refused("cannot sweep nowemu.sweep.key",
                tiny("--set", "nowemu.sweep.key=nowemu.sweep.key", "--set", "nowemu.sweep.values=[nowemu.sweep.key]"));
        // The third point is out of range: found before the first runs.
        refused("sweep point 3 (nowemu.phold.remote = 5): nowemu.phold.remote: must be between 0.0 and 1.0",
                tiny("--set", "nowemu.sweep.key=nowemu.phold.remote", "--set", "nowemu.sweep.values=[0.1, 0.2, 5]"));
        refused("values to sweep, but no nowemu.sweep.key", tiny("--set", "nowemu.sweep.values=[1, 2]"));
        refused("give values or a range, not both", tiny("--set", "nowemu.sweep.key=nowemu.phold.remote", "--set",
                "nowemu.sweep.values=[0.1]", "--set", "nowemu.sweep.range.step=0.1", "--set", "nowemu.sweep.range.to=1"));
    }

    /**
     * A cluster larger than message ids can name (65,536 hosts: 16 bits each for source and destination) is refused
     * when the model is built, before anything runs: 10,923 switches of six hosts are 65,538.
     */
    @Test
    void aClusterTooLargeForMessageIdsIsRefusedBeforeTheRun() {
        refused("nowemu.topology: 65538 hosts; message ids name at most 65536 (16 bits for a host)",
                List.of("run", "permutations", "--set", "nowemu.topology.name=chain",
                        "--set", "nowemu.topology.chain.switches=10923", "--set", "nowemu.topology.chain.hosts-per-switch=6",
                        "--set", "nowemu.permutations.hosts=65538"));
    }

    @Test
    void aSuiteChecksEveryMemberFirstWhicheverWayItIsNamed() throws IOException {
        refused("unknown key foo.bar", List.of("run", "suite", "--set", "foo.bar=1"));
        // workloads/suite.conf by its path is the suite too: the bad value is in its second member.
        String suite = Path.of(System.getProperty("nowemu.home"), "workloads", "suite.conf").toString();
        refused("nowemu.bandwidth.messages", List.of("run", suite, "--set", "nowemu.bandwidth.messages=1"));
        refused("nowemu.bandwidth.messages", List.of("reproduce", "--set", "nowemu.bandwidth.messages=1"));
        Path mixed = Files.writeString(tmp.resolve("mixed.conf"), "nowemu.suite.experiments = [phold]\nnowemu.seed = 3\n");
        refused("a suite file sets only nowemu.suite.experiments, not nowemu.seed", List.of("run", mixed.toString()));
        Path none = Files.writeString(tmp.resolve("none.conf"), "nowemu.seed = 3\n");
        refused("names no workload", List.of("run", none.toString()));
    }

    @Test
    void aSuiteRunsEachMemberIntoItsFolderWithAnIndex() throws IOException {
        Path suite = Files.writeString(tmp.resolve("two.conf"), "nowemu.suite.experiments = [phold, raw-pingpong]\n");
        Path out = tmp.resolve("two");
        CommandLineTest.Outcome o = nowemu("run", suite.toString(), "--set", "nowemu.phold.components=20", "--set",
                "nowemu.phold.duration=20us", "--set", "nowemu.raw-pingpong.round-trips=2", "--set",
                "nowemu.raw-pingpong.stream-packets=4", "--out", out.toString());
        assertEquals(0, o.code(), o.err());
        assertTrue(Files.isRegularFile(out.resolve("phold/results.json")));
        assertTrue(Files.isRegularFile(out.resolve("raw-pingpong/results.json")));
        String index = Files.readString(out.resolve("index.html"));
        assertTrue(index.contains("href=\"phold/report.html\"") && index.contains("href=\"raw-pingpong/report.html\""));
    }

    @Test
    void calibrateChecksItsReadmeBeforeRunning() throws IOException {
        Path plain = Files.writeString(tmp.resolve("README.md"), "# no markers here\n");
        assertRefusedBeforeTheRun(nowemu("calibrate", "--readme", plain.toString()), "no table markers");
        assertEquals("# no markers here\n", Files.readString(plain));
        assertRefusedBeforeTheRun(nowemu("calibrate", "--readme", tmp.resolve("missing.md").toString()), "no such file");
        assertRefusedBeforeTheRun(nowemu("calibrate", "--readme", tmp.toString()), "a folder, not a file");
        assertRefusedBeforeTheRun(nowemu("calibrate", "--set", "nowemu.logp.burst=1"), "nowemu.logp.burst");
    }

    @Test
    void faultSchedulesAreAsStrictAsTheRest() {
        List<String> contention = List.of("run", "contention", "--set", "nowemu.topology.name=chain", "--set",
                "nowemu.topology.chain.switches=2", "--set", "nowemu.topology.chain.hosts-per-switch=2", "--set",
                "nowemu.contention.clients=[1,2]", "--set", "nowemu.contention.duration=1ms", "--set",
                "nowemu.contention.warmup=200us", "--set", "nowemu.contention.gap=1ms", "--set",
                "nowemu.contention.start=500us");
        // A bare number is not read as milliseconds, as no other duration is.
        refused("nowemu.faults[0].at: expected a time with a unit (ps, ns, us, ms, s) such as 2ms, got '1000'",
                with(contention, "nowemu.faults=[{fault=cut-link,element=h1,at=1000}]"));
        refused("nowemu.faults[0].times: expected a whole number of at least 1, got '1.5'",
                with(contention, "nowemu.faults=[{fault=cut-link,element=h1,at=1ms,for=2us,every=3us,times=1.5}]"));
        // Phases: start 0.5 ms, 3 modes x 2 counts x (1 ms + 1 ms gap): the traffic ends at 12.5 ms.
        refused("nowemu.faults[0].at: 10.000s is after the run's traffic ends (12.500ms): the fault would change nothing",
                with(contention, "nowemu.faults=[{fault=cut-link,element=h1,at=10s}]"));
        refused("nowemu.faults: expected a list [...] of faults",
                with(contention, "nowemu.faults={fault=cut-link,element=h1,at=1ms}"));
    }

    private static List<String> with(List<String> base, String set) {
        List<String> a = new ArrayList<>(base);
        a.addAll(List.of("--set", set));
        return a;
    }
}
