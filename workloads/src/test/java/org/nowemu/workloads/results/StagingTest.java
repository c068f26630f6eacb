package org.nowemu.workloads.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Leftovers of a process killed outright (SIGKILL, a power cut): the next run writing beside them removes the
 * staging entries of processes that are gone, puts back an output folder that was moved aside for a swap that
 * never finished, and leaves a live process's entries alone.
 */
class StagingTest {
    @TempDir
    Path tmp;

    /** The id of a process that has ended (a short-lived child, waited for). */
    private static long deadPid() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }

    @Test
    void aKilledRunsStagingIsRemovedByTheNextRunAndALiveOnesIsKept() throws Exception {
        long dead = deadPid();
        Path stale = Files.createDirectories(tmp.resolve(".out.staging-" + dead + "-1700000000000-1/point-1"));
        Files.writeString(stale.resolve("results.json"), "{}");
        Path staleJson = Files.writeString(tmp.resolve(".r.json.staging-" + dead + "-1700000000000-2"), "{}");
        Path live = Files.createDirectories(Staging.beside(tmp.resolve("out"), "staging"));
        Path mine = Files.writeString(tmp.resolve(".notes.staging-old"), "a user's file of that look");
        try (Outputs o = Outputs.plan(tmp.resolve("out"), tmp.resolve("r.json"), tmp.resolve("project"))) {
            o.open();
            assertFalse(Files.exists(tmp.resolve(".out.staging-" + dead + "-1700000000000-1")));
            assertFalse(Files.exists(staleJson));
            assertTrue(Files.isDirectory(live), "this process is alive: its staging folder stays");
            o.commit("{}", new PrintWriter(new StringWriter()));
        }
        assertTrue(Files.exists(mine), "a name without an owner is not nowemu's");
        Files.delete(live);
        assertEquals(List.of(".notes.staging-old", "out", "r.json"), OutputsTest.names(tmp));
    }

    @Test
    void anOutputFolderMovedAsideByARunKilledInItsSwapIsPutBack() throws Exception {
        long dead = deadPid();
        // The earlier output folder, moved aside; the process died before the new one took its place.
        Path aside = Files.createDirectories(tmp.resolve(".out.old-" + dead + "-1700000000000-3"));
        Files.writeString(aside.resolve("results.json"), "earlier");
        Staging.removeStale(tmp);
        assertEquals("earlier", Files.readString(tmp.resolve("out/results.json")));
        // Once the swap had finished, the old folder is only a leftover.
        Path again = Files.createDirectories(tmp.resolve(".out.old-" + dead + "-1700000000000-4"));
        Staging.removeStale(tmp);
        assertFalse(Files.exists(again));
        assertEquals(List.of("out"), OutputsTest.names(tmp));
    }

    @Test
    void aProcessIdReusedByALaterProcessDoesNotKeepALeftoverAlive() {
        long self = ProcessHandle.current().pid();
        long started = ProcessHandle.current().info().startInstant().orElseThrow().toEpochMilli();
        assertTrue(Staging.alive(self, started));
        assertFalse(Staging.alive(self, started - 3_600_000), "the same id, started an hour earlier: another process");
    }
}
