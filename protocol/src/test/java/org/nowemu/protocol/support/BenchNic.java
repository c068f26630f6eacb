package org.nowemu.protocol.support;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.nowemu.actors.stats.Counter;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.nic.DmaRequest;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.Sram;
import org.nowemu.hardware.profile.NicSettings;

/**
 * A NIC played by a test bench, for driving one part directly: a clock in LANai cycles, actions set at a cycle and
 * run in time order (then in the order they were set), counters, and a log of what left the part. The bench says
 * what its DMA engines and wire do by overriding what it needs; the rest is not the part's to use.
 */
public abstract class BenchNic implements NicContext {
    public final List<String> log = new ArrayList<>();
    /** The cycle the action under way has got to. */
    public long cursor;
    private final NicSettings settings;
    private final TreeMap<String, Counter> counters = new TreeMap<>();
    /** Actions by cycle, then by the order they were set. */
    private final TreeSet<long[]> due = new TreeSet<>((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0])
            : Long.compare(x[1], y[1]));
    private final List<Runnable> actions = new ArrayList<>();
    private long packets;

    /** @param settings what {@link #settings} answers (null where the part never asks) */
    protected BenchNic(NicSettings settings) {
        this.settings = settings;
    }

    /** Runs {@code r} at cycle {@code t}. */
    public void at(long t, Runnable r) {
        actions.add(r);
        due.add(new long[] {t, actions.size() - 1});
    }

    /** Runs the actions, and those they set, in time order. */
    public void run() {
        while (!due.isEmpty()) {
            long[] e = due.pollFirst();
            cursor = e[0];
            actions.get((int) e[1]).run();
        }
    }

    public long count(String name) {
        Counter c = counters.get(name);
        return c == null ? 0 : c.value();
    }

    @Override
    public void cycles(long n) {
        cursor += n;
    }

    @Override
    public long now() {
        return cursor;
    }

    @Override
    public Counter counter(String name) {
        return counters.computeIfAbsent(name, k -> new Counter());
    }

    @Override
    public Packet packet(byte[] route, byte[] body) {
        return Packet.create(packets++, 0, route, body);
    }

    @Override
    public int nic() {
        return 0;
    }

    @Override
    public int processor() {
        return 1;
    }

    @Override
    public NicSettings settings() {
        return settings;
    }

    @Override
    public Sram sram() {
        return null;
    }

    @Override
    public void transmit(Packet packet) {
        throw new AssertionError("this part sends nothing");
    }

    @Override
    public void postReceive(int buffers) {
    }

    @Override
    public void hostDma(DmaRequest request) {
        throw new AssertionError("the part's DMAs go through its own port");
    }

    @Override
    public void tell(int component, long delayPs, Object payload) {
    }

    @Override
    public void timer(long delayPs, Object tag) {
    }

    @Override
    public Histogram histogram(String name) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SplittableRandom random() {
        return new SplittableRandom(1);
    }
}
