package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.nowemu.workloads.cli.Main;
import org.slf4j.LoggerFactory;

/**
 * A cluster that cannot form says so at once, in one line, through the real command line
 * ({@link Main#execute}): a busy {@code nowemu.cluster.port} and a malformed or unknown seed node are bad input
 * (exit 2, found before Pekko starts or any member JVM is started); seed nodes nobody answers give up after
 * {@code nowemu.cluster.seed-timeout} (exit 2: the command line names a cluster that is not there); a member
 * JVM that dies before it joins stops the run as soon as its process ends (exit 1, naming it). Each case
 * checks everything printed: the command's stderr and, since Pekko logs through SLF4J to logback's console
 * appender on System.err, System.err itself, captured here with the logging configuration the command line
 * ships (workloads' logback.xml: the tests have none of their own). Nothing is written in the output folder.
 */
@Timeout(60)
class ClusterStartTest extends MemberJvmsTest {
    /** What one invocation printed (its stderr and everything logged, in order) and returned. */
    record Printed(int code, String out, String err, double seconds) {
    }

    /** Runs the command line with System.err (where logback prints) and the command's stderr in one buffer. */
    static Printed nowemu(String... args) {
        LoggerFactory.getILoggerFactory(); // logback configured, as Main does, before System.err is swapped
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
        PrintStream saved = System.err;
        long start = System.nanoTime();
        int code;
        System.setErr(errStream);
        try {
            code = Main.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8), errStream);
        } finally {
            System.setErr(saved);
        }
        return new Printed(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                (System.nanoTime() - start) / 1e9);
    }

    /** Exactly one line was printed, matching {@code line}, with exit {@code code}. */
    private static void assertOneLine(Printed p, int code, String line) {
        assertEquals(code, p.code(), p.err());
        assertEquals(1, p.err().lines().count(), "one line, no log, no stack trace: " + p.err());
        assertTrue(p.err().strip().matches(line), p.err());
        assertTrue(!p.err().contains("Exception") && !p.err().contains("\tat "), p.err());
    }

    private void assertNothingWritten(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> files = Files.walk(dir)) {
                assertEquals(List.of(dir), files.toList(), "nothing in the output folder");
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /**
     * The logging configuration these tests see is the one the command line ships: logback takes
     * logback-test.xml from the class path if there is one, else logback.xml; only workloads has one.
     */
    @Test
    void theTestsLogWithTheShippedLogbackConfiguration() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        assertEquals(null, loader.getResource("logback-test.xml"));
        String url = String.valueOf(loader.getResource("logback.xml"));
        assertTrue(url.matches(".*/workloads/target/(classes/|[^/]*\\.jar!/)logback\\.xml"), url);
    }

    /**
     * The configuration a run sees carries the Pekko settings of actors' reference.conf (a split-brain resolver
     * keeping the oldest member, 3 s shutdown phases, warnings only), over Pekko's own reference.conf files,
     * although this class path lists Pekko's jars before nowemu-actors.
     */
    @Test
    void nowemusPekkoSettingsWinOverPekkosDefaultsWhateverTheClassPathOrder() {
        var config = org.nowemu.workloads.experiment.ExperimentConfig.load("phold", List.of(),
                Path.of(System.getProperty("nowemu.home"))).config();
        assertEquals("keep-oldest", config.getString("pekko.cluster.split-brain-resolver.active-strategy"));
        assertEquals(3, config.getDuration("pekko.coordinated-shutdown.phases.cluster-exiting.timeout").toSeconds());
        assertEquals("WARNING", config.getString("pekko.loglevel"));
    }

    /**
     * Another program listens on the port given as nowemu.cluster.port: {@code run --jvms 2}, {@code run
     * --seed-nodes} and {@code node} say so in one line with exit 2, before Pekko binds (no ERROR with a stack
     * trace from Pekko) and before any member JVM is started.
     */
    @Test
    void aBusyClusterPortIsOneLineOfBadInputBeforeAnythingStarts() throws IOException {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int port = taken.getLocalPort();
            String line = Pattern.quote("nowemu: nowemu.cluster.port " + port + ": 127.0.0.1:" + port
                    + " is already in use (another program or nowemu member holds it; 0 takes any free port)");
            Path out = tmp.resolve("out");
            Printed jvms = nowemu("run", "phold", "--set", "nowemu.phold.components=20", "--set",
                    "nowemu.cluster.port=" + port, "--jvms", "2", "--out", out.toString());
            assertOneLine(jvms, 2, line);
            assertEquals(0, ProcessHandle.current().children().count(), "no member JVM started");
            assertNothingWritten(out);
            Printed seeds = nowemu("run", "phold", "--set", "nowemu.phold.components=20", "--set",
                    "nowemu.cluster.port=" + port, "--seed-nodes", "127.0.0.1:" + freePort(), "--out", out.toString());
            assertOneLine(seeds, 2, line);
            assertNothingWritten(out);
            assertOneLine(nowemu("node", "--set", "nowemu.cluster.port=" + port), 2, line);
        }
    }

    /**
     * A seed node that is not HOST:PORT (no port, a port out of range, a pekko:// address), an empty entry in
     * --seed-nodes, a seed node whose host no one knows, and a cluster hostname that is not this machine's: one
     * line naming it, exit 2, at once.
     */
    @Test
    void aMalformedOrUnknownSeedNodeOrHostnameIsOneLineOfBadInput() throws IOException {
        Path out = tmp.resolve("out");
        for (String seed : List.of("localhost", "127.0.0.1:70000", "pekko://nowemu@127.0.0.1:2552")) {
            Printed p = nowemu("run", "phold", "--seed-nodes", seed, "--out", out.toString());
            assertOneLine(p, 2, Pattern.quote("nowemu: seed node '" + seed + "' is not host:port"));
            assertOneLine(nowemu("node", "--seed-nodes", seed), 2,
                    Pattern.quote("nowemu: seed node '" + seed + "' is not host:port"));
        }
        // Empty entries: picocli would have dropped them, and `--seed-nodes ,` silently run on this JVM alone.
        for (String seeds : List.of(",", "127.0.0.1:2552,", ",127.0.0.1:2552", "")) {
            String line = Pattern.quote("nowemu: --seed-nodes '" + seeds + "' has an empty entry: expected"
                    + " HOST:PORT[,HOST:PORT...]");
            assertOneLine(nowemu("run", "phold", "--seed-nodes", seeds, "--out", out.toString()), 2, line);
            assertOneLine(nowemu("node", "--seed-nodes", seeds), 2, line);
        }
        assertOneLine(nowemu("run", "phold", "--seed-nodes", "nosuch.invalid:2552", "--out", out.toString()), 2,
                Pattern.quote("nowemu: seed node 'nosuch.invalid:2552': unknown host nosuch.invalid"));
        // 192.0.2.1 is TEST-NET-1 (RFC 5737): documentation only, never an address of this machine.
        assertOneLine(nowemu("run", "phold", "--set", "nowemu.cluster.hostname=192.0.2.1", "--jvms", "2",
                "--out", out.toString()), 2, Pattern.quote("nowemu: nowemu.cluster.hostname '192.0.2.1': cannot bind"
                + " it on this machine (") + ".*\\)");
        assertNothingWritten(out);
    }

    /**
     * Seed nodes where nobody listens (a port just freed): the run waits nowemu.cluster.seed-timeout (2 s here)
     * and gives up in one line with exit 2; {@code node} likewise (1 s). Pekko is made to retry its join every
     * 250 ms (pekko.cluster.seed-node-timeout), so unsilenced it would log "Couldn't join seed nodes" at WARN
     * some six times in 2 s: none of it is printed.
     */
    @Test
    void seedNodesNobodyAnswersAreOneLineAfterTheSeedTimeout() throws IOException {
        String seed = "127.0.0.1:" + freePort();
        Path out = tmp.resolve("out");
        Printed run = nowemu("run", "phold", "--set", "nowemu.phold.components=20", "--seed-nodes", seed,
                "--set", "nowemu.cluster.seed-timeout=2s", "--set", "pekko.cluster.seed-node-timeout=250ms",
                "--out", out.toString());
        assertOneLine(run, 2, Pattern.quote("nowemu: no nowemu member answered at seed node " + seed + " within 2 s"
                + " (nowemu.cluster.seed-timeout); a member there must have the same nowemu.cluster.name and"
                + " transport"));
        assertTrue(run.seconds() >= 2, "waited the seed timeout: " + run.seconds() + " s");
        assertNothingWritten(out);
        Printed node = nowemu("node", "--seed-nodes", seed, "--set", "nowemu.cluster.seed-timeout=1s",
                "--set", "pekko.cluster.seed-node-timeout=250ms");
        assertOneLine(node, 2, Pattern.quote("nowemu: no nowemu member answered at seed node " + seed + " within 1 s")
                + ".*");
        assertTrue(node.out().isEmpty(), "a node that did not join never says it is up: " + node.out());
    }

    /**
     * The member JVM of {@code run --jvms 2} is killed (SIGKILL) as soon as it appears, long before it could
     * join (a JVM takes a second or more to start). The run stops as soon as the process has ended, not after
     * join-timeout (60 s): exit 1 and one line naming the member JVM by its pid and exit status (137: killed by
     * signal 9). Nothing is written.
     */
    @Test
    void aMemberJvmKilledBeforeItJoinsStopsTheRunAtOnceNamingIt() throws Exception {
        long[] killed = new long[2]; // pid, System.nanoTime() of the kill
        Optional<String[]> ours = ProcessHandle.current().info().arguments();
        Thread killer = new Thread(() -> {
            try {
                while (killed[0] == 0) {
                    for (ProcessHandle p : ProcessHandle.current().children().toList()) {
                        // Only the member JVM itself: before it execs java, the child is the JDK's spawn helper
                        // or, for an instant after the spawn, a copy of this JVM (named java too, with this JVM's
                        // arguments); killing either fails the launch itself, a different failure from the one
                        // tested.
                        ProcessHandle.Info info = p.info();
                        boolean copyOfThisJvm = info.arguments()
                                .map(a -> Arrays.equals(a, ours.orElse(null))).orElse(false);
                        if (!info.command().map(c -> c.endsWith("/java")).orElse(false) || copyOfThisJvm) {
                            continue;
                        }
                        killed[1] = System.nanoTime();
                        p.destroyForcibly();
                        killed[0] = p.pid();
                    }
                    Thread.sleep(5);
                }
            } catch (InterruptedException e) {
                // the run ended first
            }
        }, "member-killer");
        killer.setDaemon(true);
        killer.start();
        Path out = tmp.resolve("out");
        Printed p = nowemu("run", "phold", "--set", "nowemu.phold.components=200", "--set",
                "nowemu.phold.duration=5ms", "--jvms", "2", "--out", out.toString());
        long ended = System.nanoTime();
        killer.interrupt();
        killer.join();
        assertTrue(killed[0] != 0, "no member JVM was started: " + p.err());
        assertOneLine(p, 1, Pattern.quote("nowemu: run failed: member JVM 1 (pid " + killed[0] + ") exited with"
                + " status 137 (signal 9) before joining the cluster"));
        double afterKill = (ended - killed[1]) / 1e9;
        assertTrue(afterKill < 10, "stopped " + afterKill + " s after the kill");
        assertNothingWritten(out);
    }
}
