package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.nowemu.tests.CommandLineTest.nowemu;
import static org.nowemu.tests.OutputsCommandLineTest.assertRefusedBeforeTheRun;
import static org.nowemu.tests.OutputsCommandLineTest.tiny;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --json FILE} writes only a new file or one nowemu wrote: a user's file, a FIFO, a device or a symbolic
 * link is refused before the run (exit 2, one line) and left exactly as it was, for every command that takes
 * {@code --json}; {@code --json -} prints the JSON, and nothing else, on standard output. Every target is made in
 * a temporary folder (a device node only where this user may make one).
 */
class JsonTargetCommandLineTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    private CommandLineTest.Outcome runWithJson(Path json) {
        List<String> a = new ArrayList<>(tiny("--out", tmp.resolve("out").toString(), "--json", json.toString()));
        return nowemu(a.toArray(String[]::new));
    }

    /** Runs a command (mkfifo, mknod) that makes a special file; false if this system or user cannot. */
    private static boolean make(String... cmd) throws InterruptedException {
        try {
            return new ProcessBuilder(cmd).redirectErrorStream(true).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void aUsersFileIsRefusedAndUntouchedByEveryCommandThatWritesJson() throws IOException {
        Path paper = Files.writeString(tmp.resolve("paper.tex"), "\\section{Results}");
        FileTime written = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(paper, written);
        assertRefusedBeforeTheRun(runWithJson(paper), "--json " + paper + ": a file nowemu did not write");
        assertRefusedBeforeTheRun(nowemu("reproduce", "--out", tmp.resolve("suite").toString(), "--json",
                paper.toString()), "a file nowemu did not write");
        assertRefusedBeforeTheRun(nowemu("bench", "--json", paper.toString()), "a file nowemu did not write");
        assertEquals("\\section{Results}", Files.readString(paper));
        assertEquals(written, Files.getLastModifiedTime(paper));
        assertFalse(Files.exists(tmp.resolve("out")) || Files.exists(tmp.resolve("suite")), "nothing ran");
    }

    @Test
    void aFifoIsRefusedAndStaysAFifo() throws Exception {
        Path fifo = tmp.resolve("pipe");
        assumeTrue(make("mkfifo", fifo.toString()), "no mkfifo here");
        assertRefusedBeforeTheRun(runWithJson(fifo), "--json " + fifo + ": not a regular file (a device, FIFO or"
                + " socket)");
        assertTrue(Files.exists(fifo, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(fifo, LinkOption.NOFOLLOW_LINKS)
                && !Files.isDirectory(fifo), "still a FIFO");
    }

    @Test
    void aSymbolicLinkToADeviceOrAFifoIsRefusedAndNeitherIsTouched() throws Exception {
        Path fifo = tmp.resolve("pipe");
        assumeTrue(make("mkfifo", fifo.toString()), "no mkfifo here");
        List<Path> targets = new ArrayList<>(List.of(fifo));
        // A device of our own: the null device's numbers (1, 3), made in the temporary folder, where root may.
        Path device = tmp.resolve("null-device");
        if (make("mknod", device.toString(), "c", "1", "3")) {
            targets.add(device);
        }
        for (Path target : targets) {
            Path link = Files.createSymbolicLink(tmp.resolve(target.getFileName() + ".json"), target);
            assertRefusedBeforeTheRun(runWithJson(link), "--json " + link + ": a symbolic link, which nowemu does"
                    + " not follow");
            assertTrue(Files.isSymbolicLink(link) && Files.readSymbolicLink(link).equals(target), "the link stays");
            assertFalse(Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS), "its target is no regular file");
        }
    }

    @Test
    void jsonDashPrintsTheJsonAloneOnStandardOutput() throws IOException {
        Path out = tmp.resolve("out");
        CommandLineTest.Outcome o = nowemu(tiny("--out", out.toString(), "--json", "-").toArray(String[]::new));
        assertEquals(0, o.code(), o.err());
        JsonNode printed = new ObjectMapper().readTree(o.out());
        JsonNode written = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        assertEquals(written, printed, "standard output holds results.json and nothing else");
        assertTrue(o.err().contains("digest") && o.err().contains("wrote " + out), "the table went to standard error");
        assertFalse(Files.exists(Path.of("-")) || Files.exists(tmp.resolve("-")), "no file named -");
    }
}
