package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run stopped in the middle leaves nothing behind: SIGINT (Ctrl-C) and SIGTERM remove its staging folder and
 * staged files on the way out; a run killed outright (SIGKILL) cannot, and the next run writing beside its
 * leftovers removes them. Each run is a child JVM with the test class path, killed once its staging folder exists.
 */
@Timeout(300)
class InterruptedRunTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /** A PHOLD run long enough to be stopped mid-way (minutes of wall time), in a child JVM. */
    private Process start(Path out) throws IOException {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dnowemu.home=" + System.getProperty("nowemu.home"),
                "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                org.nowemu.workloads.cli.Main.class.getName(), "run", "phold", "--set", "nowemu.phold.duration=1s",
                "--set", "nowemu.runtime.threads=1", "--out", out.toString(), "--json", tmp.resolve("r.json").toString());
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("log").toFile()).start();
    }

    private List<String> entries() throws IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> !n.equals("log")).sorted().toList();
        }
    }

    /** Waits (wall time, bounded) until the run has made its staging folder beside {@code out}. */
    private void awaitStaging(Process p) throws IOException, InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (entries().stream().noneMatch(n -> n.startsWith(".out.staging-"))) {
            if (!p.isAlive() || System.nanoTime() > until) {
                p.destroyForcibly();
                throw new AssertionError("the run made no staging folder: " + Files.readString(tmp.resolve("log")));
            }
            Thread.sleep(50);
        }
        Thread.sleep(500); // well inside the run: points and files are being written
    }

    private void stopsCleanly(String signal) throws Exception {
        Process p = start(tmp.resolve("out"));
        try {
            awaitStaging(p);
            assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the run ends on SIG" + signal);
        } finally {
            p.destroyForcibly();
        }
        assertEquals(List.of(), entries(), "SIG" + signal + " leaves no staging folder, no staged file, no output");
    }

    @Test
    void sigintLeavesNothingBehind() throws Exception {
        // A JVM started with SIGINT ignored (a background job of a shell without job control) keeps it ignored, as
        // every program does; Ctrl-C in a terminal is not. This JVM's children inherit what it ignores.
        Path status = Path.of("/proc/self/status");
        if (Files.isReadable(status)) {
            long ignored = Files.readAllLines(status).stream().filter(l -> l.startsWith("SigIgn:"))
                    .mapToLong(l -> Long.parseUnsignedLong(l.substring(7).trim(), 16)).findFirst().orElse(0);
            org.junit.jupiter.api.Assumptions.assumeTrue((ignored & 0x2) == 0, "SIGINT is ignored here");
        }
        stopsCleanly("INT");
    }

    @Test
    void sigtermLeavesNothingBehind() throws Exception {
        stopsCleanly("TERM");
    }

    @Test
    void aStaleStagingFolderFromAKilledRunIsRemovedByTheNextRun() throws Exception {
        Process p = start(tmp.resolve("out"));
        try {
            awaitStaging(p);
            p.destroyForcibly(); // SIGKILL: no shutdown hook runs
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        } finally {
            p.destroyForcibly();
        }
        assertTrue(entries().stream().anyMatch(n -> n.startsWith(".out.staging-")), "SIGKILL leaves it: " + entries());
        CommandLineTest.Outcome o = CommandLineTest.nowemu(OutputsCommandLineTest.tiny("--out",
                tmp.resolve("out").toString()).toArray(String[]::new));
        assertEquals(0, o.code(), o.err());
        assertEquals(List.of("out"), entries(), "the next run beside it removed the killed run's staging folder");
    }
}
