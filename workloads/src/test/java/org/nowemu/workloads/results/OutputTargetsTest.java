package org.nowemu.workloads.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nowemu.actors.config.BadInputException;

/**
 * The one policy for files nowemu writes: a new file, or a regular file nowemu wrote (told by its content); never a
 * folder, device, FIFO, socket or link; {@code -} is standard output. Every target here is made in a temporary
 * folder.
 */
class OutputTargetsTest {
    @TempDir
    Path tmp;

    private static String refused(Path p) {
        return assertThrows(BadInputException.class, () -> OutputTargets.file(p, "--json", OutputTargets.JSON))
                .getMessage();
    }

    /** Makes a FIFO with mkfifo(1), or skips the test where there is none. */
    static Path fifo(Path p) throws IOException, InterruptedException {
        Process m;
        try {
            m = new ProcessBuilder("mkfifo", p.toString()).start();
        } catch (IOException e) {
            assumeTrue(false, "no mkfifo here");
            return null;
        }
        assumeTrue(m.waitFor() == 0, "mkfifo failed");
        return p;
    }

    @Test
    void aNewFileOrAFileNowemuWroteMayBeWritten() throws IOException {
        assertEquals(tmp.resolve("new.json"), OutputTargets.file(tmp.resolve("new.json"), "--json", OutputTargets.JSON));
        assertEquals(tmp.resolve("a/b/new.json"), OutputTargets.file(tmp.resolve("a/b/new.json"), "--json",
                OutputTargets.JSON));
        Path results = Files.writeString(tmp.resolve("results.json"), "{\n  \"experiment\" : \"phold\",\n  \"metrics\" :"
                + " {\"version\": 1},\n  \"version\" : {\n    \"project\" : \"0.1.0-SNAPSHOT\"\n  }\n}\n");
        assertEquals(results, OutputTargets.file(results, "--json", OutputTargets.JSON));
        // A sweep summary written before summaries carried the version at the top: its first point does.
        Path sweep = Files.writeString(tmp.resolve("sweep.json"), "{\"experiment\": \"phold\", \"sweep\": {\"key\": \"k\"},"
                + " \"points\": [{\"digest\": \"x\", \"version\": {\"project\": \"0.1.0\"}}]}");
        assertEquals(sweep, OutputTargets.file(sweep, "--json", OutputTargets.JSON));
        assertEquals(Path.of("-"), OutputTargets.file(Path.of("-"), "--json", OutputTargets.JSON));
    }

    @Test
    void aFileNowemuDidNotWriteIsRefusedAndLeftAlone() throws IOException {
        Path paper = Files.writeString(tmp.resolve("paper.tex"), "\\documentclass{article}");
        assertEquals("--json " + paper + ": a file nowemu did not write (no nowemu version field in it); it is left"
                + " alone: name a new file, or remove that one first", refused(paper));
        // JSON of another program, even with a "version" of its own, is not nowemu's.
        Path other = Files.writeString(tmp.resolve("package.json"), "{\"name\": \"x\", \"version\": \"1.2.0\"}");
        assertTrue(refused(other).contains("a file nowemu did not write"));
        Path empty = Files.createFile(tmp.resolve("empty.json"));
        assertTrue(refused(empty).contains("a file nowemu did not write"));
        assertEquals("\\documentclass{article}", Files.readString(paper));
    }

    @Test
    void foldersFifosDevicesAndLinksAreRefused() throws Exception {
        assertEquals("--json " + tmp + ": a folder, not a file", refused(tmp));
        Path fifo = fifo(tmp.resolve("pipe"));
        assertEquals("--json " + fifo + ": not a regular file (a device, FIFO or socket); nowemu writes only regular"
                + " files", refused(fifo));
        Path results = Files.writeString(tmp.resolve("results.json"), "{\"version\": {\"project\": \"0.1.0\"}}");
        Path link = Files.createSymbolicLink(tmp.resolve("link.json"), results);
        assertEquals("--json " + link + ": a symbolic link, which nowemu does not follow; name the file itself",
                refused(link));
        assertTrue(Files.isSymbolicLink(link));
        Path dangling = Files.createSymbolicLink(tmp.resolve("dangling.json"), tmp.resolve("nowhere.json"));
        assertTrue(refused(dangling).contains("a symbolic link"));
        assertFalse(Files.exists(tmp.resolve("nowhere.json"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void anOutputFolderIsNeverAFileAFifoALinkOrStandardOutput() throws Exception {
        Path file = Files.writeString(tmp.resolve("f"), "x");
        assertEquals("--out " + file + ": a file, not a folder",
                assertThrows(BadInputException.class, () -> OutputTargets.folder(file, tmp.resolve("p"))).getMessage());
        Path fifo = fifo(tmp.resolve("pipe"));
        assertEquals("--out " + fifo + ": a device, FIFO or socket, not a folder",
                assertThrows(BadInputException.class, () -> OutputTargets.folder(fifo, tmp.resolve("p"))).getMessage());
        Path link = Files.createSymbolicLink(tmp.resolve("l"), Files.createDirectories(tmp.resolve("d")));
        assertTrue(assertThrows(BadInputException.class, () -> OutputTargets.folder(link, tmp.resolve("p")))
                .getMessage().contains("a symbolic link"));
        assertTrue(assertThrows(BadInputException.class, () -> OutputTargets.folder(Path.of("-"), tmp.resolve("p")))
                .getMessage().startsWith("--out -: names a folder, not standard output"));
    }
}
