package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Runs of the command line on one JVM and on two, for the tests that check that both give the same results. */
final class Jvms {
    private Jvms() {
    }

    /** What one run printed and returned, and its {@code results.json}. */
    record Run(CommandLineTest.Outcome outcome, JsonNode results) {
    }

    /** {@code nowemu run <run...> --jvms <jvms> --out <tmp>/<name>-<jvms>}, which must exit 0. */
    static Run run(Path tmp, String name, int jvms, List<String> run) throws IOException {
        Path out = tmp.resolve(name + "-" + jvms);
        List<String> args = new ArrayList<>(List.of("run"));
        args.addAll(run);
        args.addAll(List.of("--jvms", String.valueOf(jvms), "--out", out.toString()));
        CommandLineTest.Outcome o = CommandLineTest.nowemu(args.toArray(new String[0]));
        assertEquals(0, o.code(), o.err());
        return new Run(o, new ObjectMapper().readTree(out.resolve("results.json").toFile()));
    }

    /** The run on one JVM, then on two, which must give the first's digest, metrics and invariants. */
    static List<Run> oneAndTwo(Path tmp, String name, List<String> run) throws IOException {
        Run one = run(tmp, name, 1, run);
        Run two = run(tmp, name, 2, run);
        for (String field : List.of("digest", "metrics", "invariants")) {
            assertEquals(one.results().get(field), two.results().get(field), name + " on two JVMs: " + field);
        }
        return List.of(one, two);
    }

    /**
     * The compare experiment kept small: {@code stacks} and {@code sizes} (HOCON lists), 2 warm-up and 3 timed round
     * trips, streams of {@code streamBytes} in at most 16 messages, on a chain of two switches; {@code more} are
     * further {@code --set} values.
     */
    static List<String> compare(String stacks, String sizes, String streamBytes, String... more) {
        List<String> run = new ArrayList<>(List.of("compare", "--set", "nowemu.compare.stacks=" + stacks,
                "--set", "nowemu.compare.sizes=" + sizes, "--set", "nowemu.compare.warmup=2",
                "--set", "nowemu.compare.round-trips=3", "--set", "nowemu.compare.stream-bytes=" + streamBytes,
                "--set", "nowemu.compare.max-stream-messages=16", "--set", "nowemu.topology.chain.switches=2"));
        for (String set : more) {
            run.addAll(List.of("--set", set));
        }
        return run;
    }

    /**
     * Compare's metrics {@code m} for {@code stack}, measured at a {@code small} size that is all overhead and a
     * {@code large} one: latency rises by at least the extra bytes' time on a link (160 MB/s, the link's 1.28 Gbit/s,
     * which every byte crosses); the small size's stream is below half the peak bandwidth, the large one's at half
     * the peak or more, so N½ lies between the two sizes.
     */
    static void assertSmallAndLarge(JsonNode m, String stack, int small, int large) {
        String k = "compare." + stack + ".";
        double fast = m.get(k + small + "B.latency_us").asDouble();
        double slow = m.get(k + large + "B.latency_us").asDouble();
        assertTrue(slow - fast >= (large - small) / 160.0, stack + ": latency rises with size by at least the bytes' "
                + "time on a link: " + fast + " -> " + slow + " us");
        double peak = m.get(k + "peak_MBps").asDouble();
        assertTrue(m.get(k + small + "B_MBps").asDouble() < peak / 2, stack + " " + small + " B below half the peak");
        assertTrue(m.get(k + large + "B_MBps").asDouble() >= peak / 2, stack + " " + large + " B at half the peak");
        double nHalf = m.get(k + "half_power_bytes").asDouble();
        assertTrue(nHalf > small && nHalf <= large, stack + " N½ between the sizes: " + nHalf);
    }

    /** No member JVM this test started is left running (given 15 s to end). */
    static void noneLeftRunning() {
        for (ProcessHandle p : ProcessHandle.current().children().toList()) {
            p.onExit().toCompletableFuture().orTimeout(15, TimeUnit.SECONDS).exceptionally(t -> null).join();
            assertTrue(!p.isAlive(), "member JVM " + p.pid() + " still running after the run");
        }
    }

    /** The standard error of a run in this JVM, which opens {@link #placed} once the run's two members are placed. */
    static final class PlacedWatch extends ByteArrayOutputStream {
        final CountDownLatch placed = new CountDownLatch(1);

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            super.write(b, off, len);
            if (toString(StandardCharsets.UTF_8).contains("nowemu: cluster: 2 members (")) {
                placed.countDown();
            }
        }
    }
}
