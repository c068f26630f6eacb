package org.nowemu.protocol.support;

import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.basic.BasicCluster;
import org.nowemu.protocol.basic.BasicMessenger;
import org.nowemu.protocol.basic.BasicSettings;
import org.nowemu.protocol.fm.FmCluster;
import org.nowemu.protocol.fm.FmSettings;
import org.nowemu.protocol.fm.fm1.Fm1Messenger;
import org.nowemu.protocol.fm.fm2.Fm2Messenger;
import org.nowemu.protocol.mpi.MpiCluster;
import org.nowemu.protocol.mpi.MpiMessenger;
import org.nowemu.protocol.mpi.MpiSettings;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.PingPong;
import org.nowemu.protocol.parts.bench.Streaming;

/**
 * Clusters of the comparison systems for tests: each host's program written against a {@link Messenger}, so one
 * benchmark runs on every stack; seeded runs; the round-trip and streaming benchmarks between hosts 0 and 1.
 */
public final class Systems {
    public static final long HORIZON = 10_000_000_000_000L;

    private Systems() {
    }

    /** Builds a cluster of {@code stack} running, on each host with one, a program over its messenger. */
    public static Cluster cluster(ConfigReader r, String stack, IntFunction<Consumer<Messenger>> programs) {
        HardwareProfile hw = AmNets.profile(r);
        Topology t = AmNets.topology(r);
        int max = hw.nic().maxPacketBytes();
        switch (stack) {
            case "basic", "basic1k" -> {
                BasicSettings s = BasicSettings.read(r, stack, max);
                return BasicCluster.build(t, hw, s, h -> {
                    Consumer<Messenger> p = programs.apply(h);
                    return p == null ? null : b -> p.accept(new BasicMessenger(b));
                });
            }
            case "fm1" -> {
                FmSettings s = FmSettings.read(r, stack, max);
                return FmCluster.fm1(t, hw, s, h -> {
                    Consumer<Messenger> p = programs.apply(h);
                    return p == null ? null : fm -> p.accept(new Fm1Messenger(fm));
                });
            }
            case "fm2" -> {
                FmSettings s = FmSettings.read(r, stack, max);
                return FmCluster.fm2(t, hw, s, h -> {
                    Consumer<Messenger> p = programs.apply(h);
                    return p == null ? null : fm -> p.accept(new Fm2Messenger(fm));
                });
            }
            case "mpi-fm1", "mpi-fm2" -> {
                FmSettings s = FmSettings.read(r, MpiCluster.fmStack(stack), max);
                MpiSettings m = MpiSettings.read(r);
                return MpiCluster.build(t, hw, s, m, h -> {
                    Consumer<Messenger> p = programs.apply(h);
                    return p == null ? null : mpi -> p.accept(new MpiMessenger(mpi, 1 << 20));
                });
            }
            default -> throw new IllegalArgumentException("no stack " + stack);
        }
    }

    public static RunResult run(Cluster c) {
        return Emulation.run(c.model(), new RuntimeSettings(7, 1, 1, false, 0), HORIZON);
    }

    /** Mean one-way latency (half the round trip, ps) of {@code bytes}-byte messages between hosts 0 and 1. */
    public static double oneWayPs(ConfigReader r, String stack, int bytes, int warmup, int rounds) {
        long[] total = new long[1];
        run(cluster(r, stack, h -> h == 0 ? m -> total[0] = PingPong.ping(m, 1, bytes, warmup, rounds)
                : h == 1 ? m -> PingPong.pong(m, 0, bytes, warmup, rounds) : null));
        return total[0] / 2.0 / rounds;
    }

    /** Streaming rate (B/s) of {@code count} messages of {@code bytes} bytes from host 0 to host 1. */
    public static double rate(ConfigReader r, String stack, int bytes, int count) {
        Streaming.Seen[] seen = new Streaming.Seen[1];
        run(cluster(r, stack, h -> h == 0 ? m -> Streaming.send(m, 1, bytes, count)
                : h == 1 ? m -> seen[0] = Streaming.receive(m, 0, count, HORIZON / 2) : null));
        return seen[0].rate(bytes);
    }
}
