package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.nowemu.workloads.cli.Main;

/**
 * A run over a cluster never hangs. The JVMs here are children of the test JVM, started with the test class
 * path: a {@code nowemu node} (the seed, oldest member, so the coordinator runs there) and, where the exit code
 * and the JVM's end are what is tested, the {@code nowemu run} itself. The run is perm6: permutations (circular
 * shift and neighbour exchange) on a chain of two switches with three hosts each, one switch per member, made
 * long enough (a 1 s phase) that it is still running whenever it is cut short. Every descendant JVM still alive
 * after a test is killed and named (the test then fails).
 */
@Timeout(180)
class ClusterLostMemberTest {
    /**
     * How long a run may take to end after its seed node was killed: Pekko's failure detector finds the node
     * unreachable after 3 to 5 s (1 s heartbeats, 3 s of acceptable pause), then this member leaves (Pekko's
     * shutdown phases, 3 s each here) and the JVM exits; about 10 s on a quiet machine. Four times more for a
     * loaded 2-core CI machine, and still far below the split-brain resolver's own 20 s plus the hang it caused.
     */
    private static final double STOPS_WITHIN_S = 40;

    private static final String PERM6 = "nowemu { workload = permutations, topology { name = chain,"
            + " chain { switches = 2, hosts-per-switch = 3 } }, permutations { hosts = 6,"
            + " patterns = [cshift, neighbor], duration = 1s, warmup = 500us } }\n";

    @TempDir
    Path tmp;
    private final List<Process> started = new ArrayList<>();

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /** Every process this test started has ended by now, or ends within 15 s (a killed one being reaped). */
    @AfterEach
    void noJvmLeft() {
        List<Long> left = new ArrayList<>();
        for (ProcessHandle p : ProcessHandle.current().descendants().toList()) {
            p.onExit().toCompletableFuture().orTimeout(15, TimeUnit.SECONDS).exceptionally(t -> null).join();
            if (p.isAlive()) {
                left.add(p.pid());
            }
        }
        started.forEach(Process::destroyForcibly);
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
        assertEquals(List.of(), left, "processes left running after the test (now killed)");
    }

    /**
     * The case of the issue: {@code nowemu node} on a port, {@code nowemu run perm6.conf --seed-nodes} on it, the
     * node killed with SIGKILL once the run is placed and under way. The coordinator was on the node, so nobody
     * would ever have told the run; the run's own member sees the node become unreachable and ends the run:
     * exit 1 within {@link #STOPS_WITHIN_S} of the kill, printing exactly the placement line and one line naming
     * the node (its address and partition) and the last completed virtual time. No results written, no JVM left.
     */
    @Test
    void killingTheSeedNodeEndsASeedNodesRunWithExitOneNamingIt() throws Exception {
        int port = freePort();
        Process node = node(port);
        Path err = tmp.resolve("run.err");
        Path out = tmp.resolve("out");
        Process run = nowemu(err, false, "run", perm6().toString(), "--seed-nodes", "127.0.0.1:" + port,
                "--out", out.toString());
        waitFor(err, "nowemu: cluster: 2 members (", run);
        Thread.sleep(2000); // under way: windows and progress reports go by
        long killed = System.nanoTime();
        node.destroyForcibly(); // SIGKILL
        assertTrue(run.waitFor((long) STOPS_WITHIN_S, TimeUnit.SECONDS), "the run still going "
                + STOPS_WITHIN_S + " s after the seed was killed: " + Files.readString(err));
        double after = (System.nanoTime() - killed) / 1e9;
        String printed = Files.readString(err);
        assertEquals(1, run.exitValue(), printed);
        List<String> lines = printed.lines().toList();
        // The placement first and the failure last, with no stack trace between; on a machine loaded far beyond its
        // cores Pekko may warn of delayed heartbeats in between, which is the truth about that machine.
        assertTrue(lines.stream().noneMatch(l -> l.contains("Exception") || l.startsWith("\tat ")),
                "no stack trace: " + printed);
        assertTrue(lines.get(0).startsWith("nowemu: cluster: 2 members (pekko://nowemu@127.0.0.1:"), printed);
        assertTrue(lines.get(lines.size() - 1).matches(Pattern.quote("nowemu: run failed: member pekko://nowemu@127.0.0.1:" + port)
                + " \\(partition [01]\\) became unreachable; the run stopped, last completed virtual time \\d[^ ]*s"),
                printed);
        assertTrue(after < STOPS_WITHIN_S, "ended " + after + " s after the kill");
        assertTrue(node.waitFor(15, TimeUnit.SECONDS), "the killed node JVM is gone");
        assertTrue(!Files.exists(out.resolve("results.json")), "no results for a failed run");
    }

    /**
     * A second run submitted while the node's cluster runs another is refused as bad input: exit 2 and one line
     * (the command line was fine, the cluster it names is taken), in-process here. The first run, which saw the
     * second's member join and leave, goes on.
     */
    @Test
    void aSecondRunWhileTheClusterIsBusyIsOneLineOfBadInput() throws Exception {
        int port = freePort();
        Process node = node(port);
        Path err = tmp.resolve("first.err");
        Process first = nowemu(err, false, "run", perm6().toString(), "--seed-nodes", "127.0.0.1:" + port,
                "--out", tmp.resolve("first").toString());
        waitFor(err, "nowemu: cluster: 2 members (", first);
        Path out = tmp.resolve("second");
        ClusterStartTest.Printed second = ClusterStartTest.nowemu("run", perm6().toString(), "--seed-nodes",
                "127.0.0.1:" + port, "--out", out.toString());
        assertEquals(2, second.code(), second.err());
        // One line of bad input; a heavily loaded machine may add Pekko's warning of delayed heartbeats before it.
        List<String> said = second.err().strip().lines().toList();
        assertEquals("nowemu: the cluster is busy with another run; submit again when it is over",
                said.get(said.size() - 1), "one line: " + second.err());
        assertTrue(said.stream().noneMatch(l -> l.contains("Exception") || l.startsWith("\tat ")), second.err());
        assertTrue(!Files.exists(out.resolve("results.json")), "nothing written");
        Thread.sleep(3000); // the first run would have heard of a lost member by now
        assertTrue(first.isAlive(), "the first run goes on: " + Files.readString(err));
        assertTrue(Files.readString(err).lines().noneMatch(l -> l.startsWith("nowemu: run failed")),
                Files.readString(err));
        first.destroyForcibly();
        node.destroyForcibly();
    }

    /**
     * The watchdog: the member JVM of {@code run --jvms 2} is stopped (SIGSTOP) mid-run, and this JVM's failure
     * detector is told to wait 120 s before it calls a silent member unreachable, so that nothing but the
     * no-progress limit (nowemu.cluster.progress-timeout, 10 s here) can end the run. The submitting member waits at
     * a barrier for the stopped one's report, the coordinator hears nothing, and after 10 s the run ends: exit 1,
     * one line naming the limit and the last completed virtual time. The stopped JVM is then killed by the run's
     * own clean-up (SIGTERM waits while it is stopped; SIGKILL after 5 s does not).
     */
    @Test
    void aRunWithNoProgressForTheProgressTimeoutEndsWithExitOne() throws Exception {
        Jvms.PlacedWatch err = new Jvms.PlacedWatch();
        long[] stoppedAt = {0, 0}; // System.nanoTime(), pid
        Thread stopper = new Thread(() -> {
            try {
                err.placed.await();
                Thread.sleep(2000); // under way
                for (ProcessHandle p : ProcessHandle.current().children().toList()) {
                    stoppedAt[0] = System.nanoTime();
                    new ProcessBuilder("kill", "-STOP", String.valueOf(p.pid())).start().waitFor();
                    stoppedAt[1] = p.pid();
                }
            } catch (InterruptedException | IOException e) {
                // the run ended first
            }
        }, "member-stopper");
        stopper.setDaemon(true);
        stopper.start();
        int code = Main.execute(new String[] {"run", perm6().toString(), "--jvms", "2",
                "--set", "nowemu.cluster.progress-timeout=10s",
                "--set", "pekko.cluster.failure-detector.acceptable-heartbeat-pause=120s",
                "--out", tmp.resolve("out").toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        long ended = System.nanoTime();
        stopper.interrupt();
        stopper.join();
        String printed = err.toString(StandardCharsets.UTF_8);
        assertTrue(stoppedAt[1] != 0, "the member was never stopped: " + printed);
        assertEquals(1, code, printed);
        List<String> lines = printed.lines().toList();
        assertTrue(lines.get(lines.size() - 1).matches(Pattern.quote("nowemu: run failed: no progress reported for"
                + " 10 s (nowemu.cluster.progress-timeout); the run stopped, last completed virtual time") + " \\d[^ ]*s"),
                printed);
        double after = (ended - stoppedAt[0]) / 1e9;
        assertTrue(after >= 10 && after < 10 + STOPS_WITHIN_S, "ended " + after + " s after the member stopped");
        assertTrue(!Files.exists(tmp.resolve("out").resolve("results.json")), "no results for a failed run");
    }

    private Path perm6() throws IOException {
        Path conf = tmp.resolve("perm6.conf");
        if (!Files.exists(conf)) {
            Files.writeString(conf, PERM6);
        }
        return conf;
    }

    /** A {@code nowemu node} starting a cluster on {@code port}, once it says it is up. */
    private Process node(int port) throws IOException, InterruptedException {
        Path log = tmp.resolve("node.log");
        Process p = nowemu(log, true, "node", "--set", "nowemu.cluster.port=" + port, "--set",
                "nowemu.runtime.threads=1");
        waitFor(log, "is up; waiting for runs", p);
        return p;
    }

    /**
     * {@code nowemu args} in a child JVM with the test class path; stderr (and logs) to {@code err}, and stdout
     * too if {@code withOut} (a node says it is up there), else discarded (a run's results table).
     */
    private Process nowemu(Path err, boolean withOut, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-Dnowemu.home=" + System.getProperty("nowemu.home"),
                "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                Main.class.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile());
        Process p = (withOut ? pb.redirectErrorStream(true).redirectOutput(err.toFile())
                : pb.redirectOutput(ProcessBuilder.Redirect.DISCARD)).start();
        started.add(p);
        return p;
    }

    /** Waits until {@code file} holds {@code text}, failing if {@code p} ends first or after 90 s. */
    private static void waitFor(Path file, String text, Process p) throws IOException, InterruptedException {
        long until = System.nanoTime() + 90_000_000_000L; // wall time: JVMs starting and joining
        while (!Files.readString(file).contains(text)) {
            assertTrue(p.isAlive() && System.nanoTime() < until, "no '" + text + "': " + Files.readString(file));
            Thread.sleep(100);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
