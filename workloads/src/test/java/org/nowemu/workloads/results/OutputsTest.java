package org.nowemu.workloads.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nowemu.actors.config.BadInputException;

class OutputsTest {
    @TempDir
    Path tmp;

    private List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aFailureBeforeTheCommitLeavesTheEarlierFolderAndNoTraceOfTheNewOne() throws IOException {
        Path out = tmp.resolve("deep/out");
        try (Outputs o = Outputs.plan(out, null, tmp.resolve("project"))) {
            o.open();
            o.writeString("results.json", "first");
            o.commit("");
        }
        try (Outputs o = Outputs.plan(out, tmp.resolve("copy.json"), tmp.resolve("project"))) {
            o.open();
            o.writeString("results.json", "second");
            o.writeString("point-0/results.json", "second");
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
    void aCommitReplacesTheFolderWholeAndWritesTheJsonCopy() throws IOException {
        Path out = tmp.resolve("out");
        Files.createDirectories(out.resolve("old-point"));
        Files.writeString(out.resolve("results.json"), "old");
        Files.writeString(out.resolve("old.csv"), "old");
        try (Outputs o = Outputs.plan(out, tmp.resolve("j/r.json"), tmp.resolve("project"))) {
            o.open();
            o.writeString("results.json", "new");
            o.commit("{}");
        }
        assertEquals(List.of(".nowemu-output", "results.json"), names(out));
        assertEquals("{}", Files.readString(tmp.resolve("j/r.json")));
        assertEquals(List.of("j", "out"), names(tmp));
    }

    @Test
    void theProjectAndTheWorkingFolderAreNeverAnOutputFolder() {
        assertThrows(BadInputException.class, () -> Outputs.plan(tmp, null, tmp.resolve("p")).close());
        assertThrows(BadInputException.class, () -> Outputs.plan(Path.of("."), null, tmp).close());
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
