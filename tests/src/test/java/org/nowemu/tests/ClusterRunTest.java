package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nowemu.workloads.cli.Main;

/**
 * Runs over several JVMs (a Pekko Cluster on 127.0.0.1; the extra JVMs are children of this one, started with
 * the test class path): the same digest and the same metrics whatever the number of JVMs, and a member that dies
 * mid-run stops the run with exit 1, naming it.
 */
class ClusterRunTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    @AfterEach
    void noMemberLeftRunning() throws InterruptedException {
        for (ProcessHandle p : ProcessHandle.current().children().toList()) {
            p.onExit().toCompletableFuture().orTimeout(15, TimeUnit.SECONDS).exceptionally(t -> null).join();
            assertTrue(!p.isAlive(), "member JVM " + p.pid() + " still running after the run");
        }
    }

    /**
     * PHOLD (64 components, no topology: contiguous blocks), LogP of AM-II (one host pair on one switch),
     * contention (three clients on a chain of three switches with two hosts each, so requests and replies
     * cross the cut inter-switch cables) and permutations (circular shift and random pairs among those six
     * hosts, bandwidth and round trips): one, two and three JVMs give the same digest and identical results.json
     * metrics and invariants. Each switch stays on one member with its hosts.
     */
    @Test
    void pholdLogpContentionAndPermutationsGiveTheSameDigestAndMetricsOnOneTwoAndThreeJvms() throws IOException {
        List<List<String>> runs = List.of(
                List.of("phold", "--set", "nowemu.phold.components=64"),
                List.of("logp", "--set", "nowemu.logp.stacks=[amii]", "--set", "nowemu.logp.round-trips=20",
                        "--set", "nowemu.logp.samples=4", "--set", "nowemu.logp.burst=40"),
                List.of("contention", "--set", "nowemu.contention.clients=[3]", "--set", "nowemu.topology.name=chain",
                        "--set", "nowemu.topology.chain.switches=3", "--set", "nowemu.topology.chain.hosts-per-switch=2",
                        "--set", "nowemu.contention.duration=1ms", "--set", "nowemu.contention.warmup=200us",
                        "--set", "nowemu.contention.gap=2ms"),
                List.of("permutations", "--set", "nowemu.permutations.hosts=6", "--set", "nowemu.topology.name=chain",
                        "--set", "nowemu.topology.chain.switches=3", "--set", "nowemu.topology.chain.hosts-per-switch=2",
                        "--set", "nowemu.permutations.patterns=[cshift,random-pairs]",
                        "--set", "nowemu.permutations.duration=1ms", "--set", "nowemu.permutations.warmup=100us",
                        "--set", "nowemu.permutations.gap=500us"));
        for (List<String> run : runs) {
            JsonNode one = null;
            for (int jvms = 1; jvms <= 3; jvms++) {
                Path out = tmp.resolve(run.get(0) + "-" + jvms);
                String[] args = new String[run.size() + 5];
                args[0] = "run";
                for (int i = 0; i < run.size(); i++) {
                    args[i + 1] = run.get(i);
                }
                args[run.size() + 1] = "--jvms";
                args[run.size() + 2] = String.valueOf(jvms);
                args[run.size() + 3] = "--out";
                args[run.size() + 4] = out.toString();
                CommandLineTest.Outcome o = nowemu(args);
                assertEquals(0, o.code(), o.err());
                if (jvms > 1) {
                    assertTrue(o.err().contains("nowemu: cluster: " + jvms + " members ("), o.err());
                }
                JsonNode r = new ObjectMapper().readTree(out.resolve("results.json").toFile());
                if (one == null) {
                    one = r;
                } else {
                    assertEquals(one.get("digest").asText(), r.get("digest").asText(), run.get(0) + " on " + jvms);
                    assertEquals(one.get("metrics"), r.get("metrics"), run.get(0) + " on " + jvms);
                    assertEquals(one.get("invariants"), r.get("invariants"), run.get(0) + " on " + jvms);
                }
            }
        }
    }

    /**
     * A long PHOLD run on two JVMs; 2 s after it printed where the model went (the run is under way), the member
     * JVM is destroyed (SIGKILL). The run ends with exit 1 and a message naming the member JVM, its pid and exit
     * status, and the last completed virtual time, as soon as its process has ended (not after the cluster's
     * failure detector finds it unreachable, seconds later): within 10 s of the kill, most of it this JVM ending
     * its actor system. No JVM is left (checked after each test).
     */
    @Test
    void killingAMemberStopsTheRunWithExitOneNamingIt() throws Exception {
        java.util.concurrent.CountDownLatch placed = new java.util.concurrent.CountDownLatch(1);
        ByteArrayOutputStream err = new ByteArrayOutputStream() {
            @Override
            public synchronized void write(byte[] b, int off, int len) {
                super.write(b, off, len);
                if (toString(StandardCharsets.UTF_8).contains("nowemu: cluster: 2 members (")) {
                    placed.countDown();
                }
            }
        };
        long[] killedAt = {0, 0}; // System.nanoTime() of the kill, pid
        Thread killer = new Thread(() -> {
            try {
                placed.await();
                Thread.sleep(2000);
                for (ProcessHandle p : ProcessHandle.current().children().toList()) {
                    killedAt[1] = p.pid();
                    killedAt[0] = System.nanoTime();
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                // the run ended first
            }
        });
        killer.setDaemon(true);
        killer.start();
        int code = Main.execute(new String[] {"run", "phold", "--set", "nowemu.phold.components=1024",
                "--set", "nowemu.phold.duration=1s", "--jvms", "2", "--out", tmp.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        long ended = System.nanoTime();
        killer.interrupt();
        killer.join();
        String printed = err.toString(StandardCharsets.UTF_8);
        assertTrue(killedAt[0] > 0, "the run ended before the member was killed: " + printed);
        assertEquals(1, code, printed);
        assertTrue(printed.matches("(?s)nowemu: cluster: 2 members .*\\Rnowemu: run failed: member JVM 1 \\(pid "
                + killedAt[1] + "\\) exited with status 137 \\(signal 9\\) during the run; the run stopped, last"
                + " completed virtual time \\d[^ ]*s\\R"), printed);
        assertTrue((ended - killedAt[0]) / 1e9 < 10, "stopped " + (ended - killedAt[0]) / 1e9 + " s after the kill");
        assertTrue(!tmp.resolve("results.json").toFile().exists(), "no results written for a failed run");
    }
}
