package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a run writes is checked before it runs and written whole or not at all: the output folder is replaced
 * whole (nothing of an earlier run stays beside the new one), a folder nowemu did not write is never replaced,
 * --json is never inside the output folder and may name folders that do not exist yet; a sweep's --json holds
 * every point. Bad paths are one line, exit 2, before the run (nothing printed on stdout), nothing written.
 */
class OutputsCommandLineTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /** A PHOLD run of a few hundred events: the cheapest real run there is. */
    static List<String> tiny(String... more) {
        List<String> a = new ArrayList<>(List.of("run", "phold", "--set", "nowemu.phold.components=20", "--set",
                "nowemu.phold.duration=20us"));
        a.addAll(List.of(more));
        return a;
    }

    /** Refused as bad input before anything ran: one line naming {@code what}, exit 2, nothing on stdout. */
    static void assertRefusedBeforeTheRun(CommandLineTest.Outcome o, String what) {
        assertEquals(2, o.code(), o.err());
        assertEquals(1, o.err().lines().count(), o.err());
        assertTrue(o.err().startsWith("nowemu: ") && o.err().contains(what), o.err());
        assertFalse(o.err().contains("Exception") || o.err().contains("\tat "), o.err());
        assertEquals("", o.out(), "nothing ran");
    }

    private static CommandLineTest.Outcome run(List<String> args) {
        return nowemu(args.toArray(String[]::new));
    }

    private List<String> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.map(p -> tmp.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void aJsonTargetInsideTheOutputFolderIsRefusedBeforeTheRun() {
        Path out = tmp.resolve("q");
        assertRefusedBeforeTheRun(run(tiny("--out", out.toString(), "--json", out.resolve("report.html").toString())),
                "inside the output folder");
        assertFalse(Files.exists(out));
    }

    @Test
    void anEmptyOrForeignOutputFolderIsRefusedAndLeftAlone() throws IOException {
        assertRefusedBeforeTheRun(run(tiny("--out", "")), "--out: an empty path");
        Path mine = Files.createDirectories(tmp.resolve("mine"));
        Files.writeString(mine.resolve("thesis.tex"), "years of work");
        assertRefusedBeforeTheRun(run(tiny("--out", mine.toString())), "a folder that nowemu did not write");
        assertEquals("years of work", Files.readString(mine.resolve("thesis.tex")));
        assertEquals(List.of("mine", "mine/thesis.tex"), files(mine));
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        assertRefusedBeforeTheRun(run(tiny("--out", file.toString())), "a file, not a folder");
        assertRefusedBeforeTheRun(run(tiny("--out", tmp.resolve("o").toString(), "--json", tmp.toString())),
                "a folder, not a file");
        assertRefusedBeforeTheRun(run(tiny("--out", tmp.resolve("o").toString(), "--json",
                file.resolve("x.json").toString())), "is a file, not a folder");
        assertFalse(Files.exists(tmp.resolve("o")));
    }

    @Test
    void aReusedOutputFolderHoldsOnlyTheNewRunAndJsonMakesItsFolders() throws IOException {
        Path out = tmp.resolve("out");
        // An earlier sweep into the same folder: its points, sweep.csv and plots are all replaced.
        assertEquals(0, run(tiny("--out", out.toString(), "--set", "nowemu.sweep.key=nowemu.seed", "--set",
                "nowemu.sweep.values=[1, 2]")).code());
        assertTrue(Files.isDirectory(out.resolve("point-2")));
        Path json = tmp.resolve("not/yet/there.json");
        CommandLineTest.Outcome o = run(tiny("--out", out.toString(), "--json", json.toString()));
        assertEquals(0, o.code(), o.err());
        assertEquals(List.of("out", "out/.nowemu-output", "out/report.html", "out/results.json"), files(out));
        JsonNode copy = new ObjectMapper().readTree(json.toFile());
        assertEquals(new ObjectMapper().readTree(out.resolve("results.json").toFile()).get("digest"), copy.get("digest"));
        // The JSON file is nowemu's now: the next run replaces it.
        assertEquals(0, run(tiny("--out", out.toString(), "--json", json.toString(), "--set", "nowemu.seed=5")).code());
        assertEquals(5, new ObjectMapper().readTree(json.toFile()).get("seed").asInt());
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of("not", "out"), s.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no staging folder or temporary file left beside the targets");
        }
    }

    @Test
    void aFileDroppedIntoAnOutputFolderKeepsTheFolderFromBeingReplaced() throws IOException {
        Path out = tmp.resolve("out");
        assertEquals(0, run(tiny("--out", out.toString())).code());
        Files.writeString(out.resolve("notes.txt"), "what I saw");
        assertRefusedBeforeTheRun(run(tiny("--out", out.toString())), "holds notes.txt, which nowemu did not write");
        assertEquals("what I saw", Files.readString(out.resolve("notes.txt")));
    }

    @Test
    void aSweepWritesEveryPointToItsJsonAndNamesValuesAsWritten() throws IOException {
        Path out = tmp.resolve("sweep");
        Path json = tmp.resolve("sweep.json");
        // 0.1 to 0.3 by 0.1, counted exactly: three points, named 0.1, 0.2, 0.3 (not 0.30000000000000004).
        CommandLineTest.Outcome o = run(tiny("--set", "nowemu.sweep.key=nowemu.phold.remote", "--set",
                "nowemu.sweep.range.from=0.1", "--set", "nowemu.sweep.range.to=0.3", "--set",
                "nowemu.sweep.range.step=0.1", "--out", out.toString(), "--json", json.toString()));
        assertEquals(0, o.code(), o.err());
        List<String> column = Files.readAllLines(out.resolve("sweep.csv")).stream().skip(1)
                .map(l -> l.substring(0, l.indexOf(','))).toList();
        assertEquals(List.of("0.1", "0.2", "0.3"), column);
        JsonNode j = new ObjectMapper().readTree(json.toFile());
        assertEquals("nowemu.phold.remote", j.get("sweep").get("key").asText());
        assertEquals(3, j.get("points").size());
        for (int i = 0; i < 3; i++) {
            assertEquals(new ObjectMapper().readTree(out.resolve("point-" + (i + 1)).resolve("results.json").toFile())
                    .get("digest"), j.get("points").get(i).get("digest"));
        }
    }
}
