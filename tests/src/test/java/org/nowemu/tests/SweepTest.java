package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.nowemu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sweeps declared in the configuration: each value run as its own seeded point, then one CSV and its plots. */
class SweepTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /** The seed swept from 1 to 3 by 1 on a small PHOLD: three points, three rows, a plot per metric. */
    @Test
    void aRangeSweepRunsEachPointAndCollectsOneSeries() throws IOException {
        CommandLineTest.Outcome o = nowemu("run", "phold", "--set", "nowemu.phold.components=64",
                "--set", "nowemu.sweep.key=nowemu.seed", "--set", "nowemu.sweep.range.from=1",
                "--set", "nowemu.sweep.range.to=3", "--set", "nowemu.sweep.range.step=1", "--out", tmp.toString());
        assertEquals(0, o.code(), o.err());
        List<String> rows = Files.readAllLines(tmp.resolve("sweep.csv"));
        assertEquals(4, rows.size(), String.join("\n", rows));
        assertTrue(rows.get(0).startsWith("nowemu.seed,phold."), rows.get(0));
        assertEquals(List.of("1", "2", "3"), rows.subList(1, 4).stream().map(r -> r.split(",")[0]).toList());
        // One numbering: "point 1 of 3" is point-1, and there is no point-0.
        for (int i = 0; i < 3; i++) {
            assertTrue(o.out().contains("nowemu.seed=" + (i + 1) + ", point " + (i + 1) + " of 3"), o.out());
            assertTrue(Files.exists(tmp.resolve("point-" + (i + 1)).resolve("results.json")));
        }
        assertTrue(!Files.exists(tmp.resolve("point-0")));
        assertTrue(Files.exists(tmp.resolve("sweep-phold.events_count.png")));
        // Each point is its own seeded run: different seeds, different digests.
        String d0 = Files.readString(tmp.resolve("point-1").resolve("results.json"));
        String d1 = Files.readString(tmp.resolve("point-2").resolve("results.json"));
        assertTrue(!digest(d0).equals(digest(d1)), digest(d0));
    }

    private static String digest(String json) {
        int i = json.indexOf("\"digest\"");
        return json.substring(i, json.indexOf('\n', i));
    }

    @Test
    void sweepingAKeyNobodyKnowsIsOneLineAndExitTwo() {
        CommandLineTest.Outcome o = nowemu("run", "phold", "--set", "nowemu.sweep.key=nowemu.phold.nosuch",
                "--set", "nowemu.sweep.values=[1, 2]", "--out", tmp.toString());
        assertEquals(2, o.code(), o.err());
        assertTrue(o.err().strip().lines().count() == 1 && o.err().contains("nowemu.sweep.key"), o.err());
    }
}
