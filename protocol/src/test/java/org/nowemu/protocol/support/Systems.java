package org.nowemu.protocol.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.IntFunction;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.Ledger;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.bench.PingPong;
import org.nowemu.protocol.parts.bench.Streaming;
import org.nowemu.protocol.system.Stack;
import org.nowemu.protocol.system.Stacks;
import org.nowemu.protocol.system.SystemCluster;
import org.nowemu.protocol.system.SystemSettings;

/**
 * Clusters of one stack for tests, built as every experiment builds them ({@link SystemCluster}, the stack read
 * from the registry by name): programs of the stack's own system, or programs written against a {@link Messenger}
 * so that one benchmark runs on every stack; seeded runs; the round-trip and streaming benchmarks between hosts 0
 * and 1.
 */
public final class Systems {
    public static final long HORIZON = 10_000_000_000_000L;

    private Systems() {
    }

    /** Stack {@code name} as the configuration {@code r} defines it. */
    public static Stack<?, ?> stack(ConfigReader r, String name) {
        return Stacks.stack(r, "test", name, HardwareProfile.read(r));
    }

    /** The settings of stack {@code name}. */
    public static SystemSettings settings(ConfigReader r, String name) {
        return stack(r, name).settings();
    }

    /**
     * A cluster on which every NIC runs {@code stack} and host h runs {@code programs.apply(h)} (null: none), a
     * program of the stack's system.
     */
    public static <P> Cluster cluster(ConfigReader r, String stack, Class<P> type, IntFunction<P> programs) {
        Stack<?, P> s = stack(r, stack).runs(type, "test");
        return SystemCluster.build(AmNets.topology(r), AmNets.profile(r), h -> s, h -> {
            P p = programs.apply(h);
            return p == null ? List.of() : List.of(p);
        }, Failures.none());
    }

    /** A cluster on which host 0 runs {@code first}, host 1 runs {@code second} and the others nothing. */
    public static <P> Cluster pair(ConfigReader r, String stack, Class<P> type, P first, P second) {
        return cluster(r, stack, type, h -> h == 0 ? first : h == 1 ? second : null);
    }

    /** A cluster of {@code stack} running, on each host with one, a program over its messenger. */
    public static Cluster cluster(ConfigReader r, String stack, IntFunction<MessengerProgram> programs) {
        Stack<?, ?> s = stack(r, stack);
        return SystemCluster.build(AmNets.topology(r), AmNets.profile(r), h -> s, h -> {
            MessengerProgram p = programs.apply(h);
            return p == null ? List.of() : List.of(s.messengerProgram(1 << 20, p).orElseThrow());
        }, Failures.none());
    }

    /**
     * {@code first} on host 0 and {@code second} on host 1 of Pentium Pro hosts (the profile the comparison systems
     * run on), with {@code setting} (HOCON) over the defaults, run to the end.
     */
    public static <P> RunResult runPproPair(String setting, String stack, Class<P> type, P first, P second) {
        return run(pair(AmNets.config("nowemu.hardware.profile = ppro\n" + setting), stack, type, first, second));
    }

    @continuable
    public static RunResult run(Cluster c) {
        return Emulation.run(c.model(), new RuntimeSettings(7, 1, false, 0), HORIZON);
    }

    /** Mean one-way latency (half the round trip, ps) of {@code bytes}-byte messages between hosts 0 and 1. */
    public static double oneWayPs(ConfigReader r, String stack, int bytes, int warmup, int rounds) {
        long[] total = new long[1];
        run(cluster(r, stack, h -> h == 0 ? new Ping(total, bytes, warmup, rounds)
                : h == 1 ? new Pong(bytes, warmup, rounds) : null));
        return total[0] / 2.0 / rounds;
    }

    /** Streaming rate (B/s) of {@code count} messages of {@code bytes} bytes from host 0 to host 1. */
    public static double rate(ConfigReader r, String stack, int bytes, int count) {
        Streaming.Seen[] seen = new Streaming.Seen[1];
        run(cluster(r, stack, h -> h == 0 ? new Stream(1, bytes, count)
                : h == 1 ? new Receive(0, count, HORIZON / 2, seen) : null));
        return seen[0].rate(bytes);
    }

    /**
     * The best streaming rate (B/s) from host 0 to host 1 over messages of each of {@code sizes} bytes, each run
     * sending {@code total} bytes in all and at least {@code min} messages.
     */
    public static double bestRate(ConfigReader r, String stack, int total, int min, int... sizes) {
        double best = 0;
        for (int size : sizes) {
            best = Math.max(best, rate(r, stack, size, Math.max(min, total / size)));
        }
        return best;
    }

    /**
     * A stack that promises nothing dropped packets: its ledger is kept, with {@code sent} messages sent,
     * {@code handled} handled once, {@code dropped} dropped and none lost.
     */
    public static void assertKeptWithDrops(Ledger l, long sent, long handled, long dropped) {
        assertTrue(l.kept(), "drops of a stack that promises nothing keep the ledger: " + l);
        assertEquals(sent, l.sent());
        assertEquals(handled, l.handledOnce());
        assertEquals(dropped, l.dropped());
        assertEquals(0, l.lost());
    }

    /**
     * The runs tests' four programs: host 0 pings host 1 (4 B, 5 warm-up and 10 timed round trips), then streams it
     * 8 messages of 3000 B; host 2 streams 8 of 5000 B to host 3.
     */
    public static MessengerProgram pingPongAndStreams(int host) {
        return switch (host) {
            case 0 -> new PingThenStream();
            case 1 -> new PongThenReceive();
            case 2 -> new Stream(3, 5000, 8);
            default -> new Receive(2, 8, 100_000_000_000L, null);
        };
    }

    /** Host 0's round trips to host 1; their total time goes into {@code total[0]}. */
    private record Ping(long[] total, int bytes, int warmup, int rounds) implements MessengerProgram {
        @Override
        public void run(Messenger m) {
            total[0] = PingPong.ping(m, 1, bytes, warmup, rounds);
        }
    }

    /** Host 1's answers to host 0's round trips. */
    private record Pong(int bytes, int warmup, int rounds) implements MessengerProgram {
        @Override
        public void run(Messenger m) {
            PingPong.pong(m, 0, bytes, warmup, rounds);
        }
    }

    /** A stream of {@code count} messages of {@code bytes} bytes to host {@code dest}. */
    private record Stream(int dest, int bytes, int count) implements MessengerProgram {
        @Override
        public void run(Messenger m) {
            Streaming.send(m, dest, bytes, count);
        }
    }

    /** {@code count} sends of {@code bytes} bytes to host {@code dest}, back to back, and nothing else. */
    public record Sends(int dest, int bytes, int count) implements MessengerProgram {
        @Override
        public void run(Messenger m) {
            for (int i = 0; i < count; i++) {
                m.send(dest, bytes);
            }
        }
    }

    /** Takes {@code count} messages streamed from host {@code src}; what it saw goes into {@code seen[0]} if given. */
    public record Receive(int src, int count, long deadline, Streaming.Seen[] seen) implements MessengerProgram {
        @Override
        public void run(Messenger m) {
            Streaming.Seen s = Streaming.receive(m, src, count, deadline);
            if (seen != null) {
                seen[0] = s;
            }
        }
    }

    private static final class PingThenStream implements MessengerProgram {
        @Override
        public void run(Messenger m) {
            PingPong.ping(m, 1, 4, 5, 10);
            Streaming.send(m, 1, 3000, 8);
        }
    }

    private static final class PongThenReceive implements MessengerProgram {
        @Override
        public void run(Messenger m) {
            PingPong.pong(m, 0, 4, 5, 10);
            Streaming.receive(m, 0, 8, 100_000_000_000L);
        }
    }
}
