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
import org.junit.jupiter.api.Test;
import org.nowemu.workloads.cli.Main;

/**
 * Runs over several JVMs (a Pekko Cluster on 127.0.0.1; the extra JVMs are children of this one, started with
 * the test class path): the same digest and the same metrics whatever the number of JVMs, the mapper's too, and a
 * member that dies mid-run stops the run with exit 1, naming it.
 */
class ClusterRunTest extends MemberJvmsTest {
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
                        "--set", "nowemu.permutations.gap=500us", "--set", "nowemu.runtime.planner.event-cost=1us"));
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
                assertEquals(jvms, r.get("runtime").get("jvms").asInt(), o.err());
                if (jvms > 1 && run.get(0).equals("permutations")) {
                    // About 4 events a global window a member (13,157 windows, 111,865 events over 2 members)
                    // at 1us an event (set, so that the machine's load cannot move it), against a barrier of
                    // 300us: lambda about 0.015, far below 1. The run says so in one line once the members have
                    // run 32 global windows, then goes on.
                    assertTrue(r.get("runtime").get("lambda").asDouble() < 1, r.get("runtime").toString());
                    assertEquals(1, o.err().lines().filter(l -> l.startsWith("nowemu: cluster: warning: lambda"))
                            .count(), o.err());
                    assertTrue(o.err().contains("than on one JVM"), o.err());
                    // The closing line splits the members' wait: the share spent on another member's longer work in
                    // the window, and the windows where the members took turns (here most: about 4 events a
                    // window, on a chain whose traffic crosses the cut cable both ways).
                    java.util.regex.Matcher m = java.util.regex.Pattern.compile("nowemu: cluster: ([\\d,]+) global"
                            + " windows; .*time members waited at barriers: (\\d+%(, )?)+, of it for another member's"
                            + " longer work in the window: (\\d+%(, )?)+; windows where a member had nothing to do"
                            + " while another worked: ([\\d,]+)").matcher(o.err());
                    assertTrue(m.find(), o.err());
                    long windows = Long.parseLong(m.group(1).replace(",", ""));
                    long lone = Long.parseLong(m.group(6).replace(",", ""));
                    assertTrue(lone > 0 && lone <= windows, o.err());
                }
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
     * The comparison of systems, kept small: the basic protocol, MPI over FM 2.x and AM-II on the pairs (h0, h1),
     * (h2, h3) and (h4, h5) of a chain of two switches with three hosts each, so MPI's pair straddles the cut cable
     * (its FM packets and credits cross between the members; its handlers run as continuations on threads of their
     * own) while the others stay within one member; 4 B and 2 KB messages, a few round trips and short streams. One
     * and two JVMs give the same digest, metrics and invariants.
     */
    @Test
    void compareGivesTheSameDigestAndMetricsOnOneAndTwoJvms() throws IOException {
        List<Jvms.Run> runs = Jvms.oneAndTwo(tmp, "compare", Jvms.compare("[basic, mpi-fm2, amii, lfc, fmmc]",
                "[4, 2048]", "16KiB", "nowemu.topology.chain.hosts-per-switch=5"));
        for (int jvms = 1; jvms <= 2; jvms++) {
            String err = runs.get(jvms - 1).outcome().err();
            assertEquals(jvms > 1, err.contains("nowemu: cluster: 2 members ("), err);
        }
        JsonNode r = runs.get(0).results();
        for (String stack : List.of("basic", "mpi-fm2", "amii", "lfc", "fmmc")) {
            assertTrue(r.get("metrics").has("compare." + stack + ".2048B_MBps"), r.get("metrics").toString());
        }
    }

    /** The mapper on a fat tree (16 hosts, 8 switches): its leader is h15, the highest NIC address. */
    private static final List<String> MAP = List.of("map", "--set", "nowemu.topology.name=fat-tree");

    /**
     * The mapper remapping beside traffic after a cable cut, kept small: a ring of four switches with one host each
     * (h0..h3 on s0..s3), a daemon on every host (h3 leads) with a 1 ms probe timeout, mapping again 5 ms after each
     * map; a circular shift of 4 KB requests from 14 to 15 ms, then 4-word round trips from 20 to 21 ms. The first
     * map is out at about 13.6 ms; the cable s0-s1 is cut at 14.5 ms, under the bandwidth phase, and a map made
     * after it goes round the ring the other way. One retry before the transport gives up (instead of 255), so the
     * run lasts 100 ms after its traffic rather than 5 s: its daemons remap all along, which costs windows.
     */
    private static final List<String> REMAP = List.of("permutations", "--set", "nowemu.topology.name=ring",
            "--set", "nowemu.topology.ring.switches=4", "--set", "nowemu.topology.ring.hosts-per-switch=1",
            "--set", "nowemu.permutations.hosts=4", "--set", "nowemu.permutations.patterns=[cshift]",
            "--set", "nowemu.permutations.start=14ms", "--set", "nowemu.permutations.duration=1ms",
            "--set", "nowemu.permutations.warmup=100us", "--set", "nowemu.permutations.gap=5ms",
            "--set", "nowemu.mapper.with-traffic=on", "--set", "nowemu.mapper.remap-period=5ms",
            "--set", "nowemu.mapper.probe-timeout=1ms", "--set", "nowemu.mapper.follower-timeout=100ms",
            "--set", "nowemu.protocol.transport.max-retries=1",
            "--set", "nowemu.faults=[{fault=cut-link,element=\"s0:1\",at=14500us}]");

    /**
     * The mapper's results come from its daemons' own outcomes, which travel with their components' reports: the
     * fat-tree map and the remap case above give, on two members, the one-JVM digest, invariants and every metric
     * (map.isomorphic, map.time_ms, the faults.* of the remap among them) and the same map.dot. Both two-member
     * runs share one member JVM, a {@code nowemu node} started once (the test JVM joins it for each run). It
     * listens on a port above the ephemeral range, so the coordinator, which orders members by address, makes it
     * the second member: it takes the higher switches, with the leader's host, and the submitting JVM holds no
     * leader (where the map.* and faults.* metrics came from before the daemons' outcomes travelled).
     */
    @Test
    void mapAndARemapAfterACableCutGiveTheOneJvmMetricsDotAndDigestOnTwoJvms() throws Exception {
        List<List<String>> runs = List.of(MAP, REMAP);
        List<JsonNode> one = new java.util.ArrayList<>();
        for (List<String> run : runs) {
            one.add(run(run, tmp.resolve(run.get(0) + "-1")));
        }
        JsonNode map = one.get(0).get("metrics");
        assertEquals(1.0, map.get("map.isomorphic").asDouble(), map.toString());
        assertEquals(15, map.get("map.leader").asInt(), map.toString());
        assertTrue(map.get("map.time_ms").asDouble() > 0, map.toString());
        JsonNode remap = one.get(1).get("metrics");
        for (String key : List.of("faults.map_us", "faults.remap_us", "faults.leaders", "faults.unreachable",
                "faults.maps_mismatched")) {
            assertTrue(remap.has(key), key + " in " + remap);
        }
        assertTrue(remap.get("faults.remap_us").asDouble() > 0, remap.toString());
        assertTrue(remap.get("faults.map_us").asDouble() < 14_500, "the first map before the cut: " + remap);
        try (MemberJvm member = MemberJvm.start(tmp.resolve("member.log"))) {
            for (int i = 0; i < runs.size(); i++) {
                List<String> run = new java.util.ArrayList<>(runs.get(i));
                run.addAll(List.of("--seed-nodes", "127.0.0.1:" + member.port()));
                Path out = tmp.resolve(run.get(0) + "-2");
                JsonNode two = run(run, out);
                String name = run.get(0) + " on two JVMs";
                assertEquals(one.get(i).get("digest").asText(), two.get("digest").asText(), name);
                assertEquals(one.get(i).get("metrics"), two.get("metrics"), name);
                assertEquals(one.get(i).get("invariants"), two.get("invariants"), name);
            }
        }
        String dot = java.nio.file.Files.readString(tmp.resolve("map-1").resolve("map.dot"));
        assertTrue(dot.contains("h15"), dot);
        assertEquals(dot, java.nio.file.Files.readString(tmp.resolve("map-2").resolve("map.dot")));
    }

    /** {@code nowemu run} with {@code args} into {@code out}; its results.json. Two members: the node second. */
    private JsonNode run(List<String> args, Path out) throws IOException {
        List<String> all = new java.util.ArrayList<>(List.of("run"));
        all.addAll(args);
        all.addAll(List.of("--out", out.toString()));
        CommandLineTest.Outcome o = nowemu(all.toArray(new String[0]));
        assertEquals(0, o.code(), o.err());
        if (args.contains("--seed-nodes")) {
            String port = args.get(args.indexOf("--seed-nodes") + 1).split(":")[1];
            assertTrue(o.err().matches("(?s).*nowemu: cluster: 2 members \\(pekko://nowemu@127\\.0\\.0\\.1:\\d+: "
                    + "[1-9]\\d* components; pekko://nowemu@127\\.0\\.0\\.1:" + port + ": [1-9]\\d* components.*"),
                    o.err());
        }
        return new ObjectMapper().readTree(out.resolve("results.json").toFile());
    }

    /**
     * A {@code nowemu node} in a child JVM with the test class path, starting a cluster of its own on a free port
     * above the ephemeral range (61000..65535): runs submitted with {@code --seed-nodes} take it as a member.
     * Closing its standard input ends it.
     */
    private record MemberJvm(Process process, int port) implements AutoCloseable {
        static MemberJvm start(Path log) throws IOException, InterruptedException {
            int port = freePortAbove(61_000);
            List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Dnowemu.home=" + System.getProperty("nowemu.home"),
                    "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                    org.nowemu.workloads.cli.Main.class.getName(), "node", "--exit-on-stdin-eof",
                    "--set", "nowemu.cluster.port=" + port, "--set", "nowemu.runtime.threads=1");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            MemberJvm m = new MemberJvm(p, port);
            long until = System.nanoTime() + 60_000_000_000L; // wall time: waiting for a JVM to come up
            while (!java.nio.file.Files.readString(log).contains("is up; waiting for runs")) {
                if (!p.isAlive() || System.nanoTime() > until) {
                    m.close();
                    throw new AssertionError("the member JVM did not come up: " + java.nio.file.Files.readString(log));
                }
                Thread.sleep(100);
            }
            return m;
        }

        @Override
        public void close() throws IOException, InterruptedException {
            process.getOutputStream().close();
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }

        private static int freePortAbove(int from) {
            for (int port = 65_535; port >= from; port--) {
                try (java.net.ServerSocket s = new java.net.ServerSocket(port, 1,
                        java.net.InetAddress.getByName("127.0.0.1"))) {
                    return port;
                } catch (IOException e) {
                    // taken: try the next one down
                }
            }
            throw new IllegalStateException("no free port from " + from + " to 65535");
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
        Jvms.PlacedWatch err = new Jvms.PlacedWatch();
        long[] killedAt = {0, 0}; // System.nanoTime() of the kill, pid
        Thread killer = new Thread(() -> {
            try {
                err.placed.await();
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
