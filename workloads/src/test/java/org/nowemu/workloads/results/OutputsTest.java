package org.nowemu.workloads.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nowemu.actors.config.BadInputException;

class OutputsTest {
    @TempDir
    Path tmp;

    private final PrintWriter stdout = new PrintWriter(new StringWriter());

    static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** One committed run into {@code out} writing {@code files} (name, content pairs). */
    private void run(Path out, String... files) {
        try (Outputs o = Outputs.plan(out, null, tmp.resolve("project"))) {
            o.open();
            for (int i = 0; i < files.length; i += 2) {
                o.writeString(files[i], files[i + 1]);
            }
            o.commit("", stdout);
        }
    }

    @Test
    void aFailureBeforeTheCommitLeavesTheEarlierFolderAndNoTraceOfTheNewOne() throws IOException {
        Path out = tmp.resolve("deep/out");
        run(out, "results.json", "first");
        try (Outputs o = Outputs.plan(out, tmp.resolve("copy.json"), tmp.resolve("project"))) {
            o.open();
            o.writeString("results.json", "second");
            o.writeString("point-1/results.json", "second");
            // the run fails here: no commit
        }
        assertEquals("first", Files.readString(out.resolve("results.json")));
        assertEquals(List.of(".nowemu-output", "results.json"), names(out));
        assertEquals(List.of("out"), names(tmp.resolve("deep")), "no staging folder left");
        assertFalse(Files.exists(tmp.resolve("copy.json")));
    }

    @Test
    void folderParentsMadeForARunThatFailsAreRemovedAgain() throws IOException {
        try (Outputs o = Outputs.plan(tmp.resolve("a/b/out"), null, tmp.resolve("project"))) {
            o.open();
            o.writeString("results.json", "x");
        }
        assertEquals(List.of(), names(tmp));
    }

    @Test
    void aCommitReplacesAnEarlierOutputFolderWholeAndWritesTheJsonCopy() throws IOException {
        Path out = tmp.resolve("out");
        run(out, "results.json", "old", "old.csv", "old", "point-1/results.json", "old");
        assertEquals("written by nowemu; a later run replaces this folder whole\nfiles written (a run replaces this"
                + " folder only if it holds no other file):\nold.csv\npoint-1/results.json\nresults.json\n",
                Files.readString(out.resolve(Outputs.MARKER)), "the marker lists every file the run wrote");
        try (Outputs o = Outputs.plan(out, tmp.resolve("j/r.json"), tmp.resolve("project"))) {
            o.open();
            o.writeString("results.json", "new");
            o.commit("{}", stdout);
        }
        assertEquals(List.of(".nowemu-output", "results.json"), names(out));
        assertEquals("new", Files.readString(out.resolve("results.json")));
        assertEquals("{}", Files.readString(tmp.resolve("j/r.json")));
        assertEquals(List.of("j", "out"), names(tmp));
    }

    @Test
    void anOutputFolderHoldingAFileNowemuDidNotWriteIsRefusedAndLeftAlone() throws IOException {
        Path out = tmp.resolve("out");
        run(out, "results.json", "mine", "report.html", "mine");
        Files.writeString(out.resolve("notes.txt"), "a user's notes");
        BadInputException e = assertThrows(BadInputException.class,
                () -> Outputs.plan(out, null, tmp.resolve("project")));
        assertEquals("--out " + out + ": holds notes.txt, which nowemu did not write; the run replaces the folder"
                + " whole, so move that file out or name another folder", e.getMessage());
        assertEquals(List.of(".nowemu-output", "notes.txt", "report.html", "results.json"), names(out));
    }

    @Test
    void anEarlierFolderWithoutAListIsNowemusIfEveryFileIsOfAKindNowemuWrites() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("out/point-0"));
        Files.writeString(tmp.resolve("out/.nowemu-output"), "written by nowemu; a run replaces this folder whole\n");
        Files.writeString(out.resolve("results.json"), "{}");
        Files.writeString(tmp.resolve("out/sweep.csv"), "k,v");
        Outputs.plan(tmp.resolve("out"), null, tmp.resolve("project")).close();
        Files.writeString(out.resolve("thesis.tex"), "years of work");
        BadInputException e = assertThrows(BadInputException.class,
                () -> Outputs.plan(tmp.resolve("out"), null, tmp.resolve("project")));
        assertTrue(e.getMessage().contains("holds point-0/thesis.tex, which nowemu did not write"), e.getMessage());
        // Without a marker, a folder is nowemu's only if its results.json is: here it is not (no version field).
        Path other = Files.createDirectories(tmp.resolve("other"));
        Files.writeString(other.resolve("results.json"), "{\"mine\": true}");
        e = assertThrows(BadInputException.class, () -> Outputs.plan(other, null, tmp.resolve("project")));
        assertTrue(e.getMessage().endsWith("a folder that nowemu did not write (no .nowemu-output in it); the run"
                + " replaces its output folder whole, so name a new or empty one"), e.getMessage());
    }

    @Test
    void theProjectAndTheWorkingFolderAreNeverAnOutputFolder() {
        assertThrows(BadInputException.class, () -> Outputs.plan(tmp, null, tmp.resolve("p")).close());
        assertThrows(BadInputException.class, () -> Outputs.plan(Path.of("."), null, tmp).close());
    }

    /** The umask of this process's user, read the way a shell reads it. */
    private static int umask() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("sh", "-c", "umask").start();
        String text = new String(p.getInputStream().readAllBytes()).trim();
        p.waitFor();
        return Integer.parseInt(text, 8);
    }

    private static int mode(Path p) throws IOException {
        int m = 0;
        for (PosixFilePermission b : Files.getPosixFilePermissions(p)) {
            m |= 1 << (8 - b.ordinal()); // OWNER_READ is ordinal 0, bit 0400
        }
        return m;
    }

    @Test
    void newFilesAndFoldersFollowTheUmaskAndAReplacedFileKeepsItsPermissions() throws Exception {
        int umask = umask();
        Path out = tmp.resolve("out");
        Path json = tmp.resolve("r.json");
        try (Outputs o = Outputs.plan(out, json, tmp.resolve("project"))) {
            o.open();
            o.writeString("results.json", "{}");
            o.commit("{\"version\": {\"project\": \"x\"}}", stdout);
        }
        // With the common umask 022: rw-r--r-- files and rwxr-xr-x folders, not the rw------- of a temporary file.
        assertEquals(0666 & ~umask, mode(json), Integer.toOctalString(mode(json)));
        assertEquals(0666 & ~umask, mode(out.resolve("results.json")));
        assertEquals(0777 & ~umask, mode(out), Integer.toOctalString(mode(out)));
        Files.setPosixFilePermissions(json, PosixFilePermissions.fromString("rw-r-----"));
        try (Outputs o = Outputs.plan(out, json, tmp.resolve("project"))) {
            o.open();
            o.commit("{\"version\": {\"project\": \"y\"}}", stdout);
        }
        assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                PosixFilePermission.GROUP_READ), Files.getPosixFilePermissions(json));
        assertTrue(Files.readString(json).contains("\"y\""));
    }

    @Test
    void jsonToStandardOutputIsPrintedAtTheCommit() {
        StringWriter text = new StringWriter();
        try (Outputs o = Outputs.plan(tmp.resolve("out"), Path.of("-"), tmp.resolve("project"))) {
            assertTrue(o.jsonToStdout());
            o.open();
            o.commit("{\"a\": 1}\n", new PrintWriter(text));
        }
        assertEquals("{\"a\": 1}\n", text.toString());
    }

    @Test
    void anUnmeasuredValueIsAnEmptyCellAndNoPoint() {
        LinkedHashMap<String, List<Double>> ys = new LinkedHashMap<>();
        ys.put("rtt", List.of(10.0, Double.NaN, 30.0));
        Series s = Series.lines("s", "t", "clients", "us", List.of(1.0, 2.0, 3.0), ys);
        assertEquals("clients,rtt\n1.00000,10.0000\n2.00000,\n3.00000,30.0000\n", s.csv());
        assertTrue(Plots.png(s).length > 0, "the plot draws the measured points");
        ys.put("rtt", List.of(Double.NaN, Double.NaN, Double.NaN));
        assertTrue(Plots.png(s).length > 0, "and an empty frame when nothing was measured");
    }
}
