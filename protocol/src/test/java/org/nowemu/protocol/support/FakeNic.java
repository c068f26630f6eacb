package org.nowemu.protocol.support;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.nowemu.actors.stats.Counter;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.nic.DmaRequest;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.nic.Sram;
import org.nowemu.hardware.profile.NicSettings;

/**
 * A NIC without an emulation around it, for driving a firmware (or a part) event by event: it records what the firmware
 * transmits, the DMAs it starts (completed when the test says so), what it tells host components, and its cycles.
 */
public final class FakeNic implements NicContext {
    public final NicSettings settings;
    public final Sram sram;
    public final TreeMap<String, Counter> counters = new TreeMap<>();
    public final List<Packet> sent = new ArrayList<>();
    public final ArrayDeque<DmaRequest> dmas = new ArrayDeque<>();
    public final List<Object> told = new ArrayList<>();
    public long now;
    public long cycles;
    private long packets;

    public FakeNic(NicSettings settings) {
        this.settings = settings;
        this.sram = settings == null ? null : new Sram("fake", settings.sramBytes(), settings.sramReserved());
    }

    /** Completes every DMA started so far, and those their completions start, in order. */
    public void completeDmas(Firmware fw) {
        while (!dmas.isEmpty()) {
            fw.handle(this, new NicEvent.DmaDone(dmas.poll().tag()));
        }
    }

    /** The payloads of DMAs to host component {@code target}, in order, among those started so far. */
    public List<Object> toHost(List<DmaRequest> log, int target) {
        List<Object> out = new ArrayList<>();
        for (DmaRequest d : log) {
            if (d.toHost() && d.hostTarget() == target) {
                out.add(d.payload());
            }
        }
        return out;
    }

    public final List<DmaRequest> dmaLog = new ArrayList<>();

    @Override
    public void cycles(long n) {
        cycles += n;
    }

    @Override
    public Counter counter(String name) {
        return counters.computeIfAbsent(name, k -> new Counter());
    }

    public long count(String name) {
        Counter c = counters.get(name);
        return c == null ? 0 : c.value();
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
    public long now() {
        return now;
    }

    @Override
    public Sram sram() {
        return sram;
    }

    @Override
    public Packet packet(byte[] route, byte[] body) {
        return Packet.create(packets++, 0, route, body);
    }

    @Override
    public void transmit(Packet packet) {
        sent.add(packet);
    }

    @Override
    public void postReceive(int buffers) {
    }

    @Override
    public void hostDma(DmaRequest request) {
        dmas.add(request);
        dmaLog.add(request);
    }

    @Override
    public void tell(int component, long delayPs, Object payload) {
        told.add(payload);
    }

    @Override
    public void timer(long delayPs, Object tag) {
        timers.add(new Due(now + delayPs, timerSeq++, tag));
    }

    /** A timer the firmware set, due at {@code at}; {@code seq} keeps timers due together in the order set. */
    private record Due(long at, long seq, Object tag) {
    }

    private final java.util.TreeSet<Due> timers =
            new java.util.TreeSet<>(java.util.Comparator.comparingLong(Due::at).thenComparingLong(Due::seq));
    private long timerSeq;

    /** The tags of the timers set and not yet fired, in the order they are due. */
    public List<Object> pendingTimers() {
        return timers.stream().map(Due::tag).toList();
    }

    /**
     * Moves the clock to {@code untilPs}, firing on the way, in time order, every timer due by then (and those they
     * set); after each, the packets the firmware put on the wire are reported sent and its DMAs completed, as a
     * NIC whose links and buses are idle would.
     */
    public void runUntil(Firmware fw, long untilPs) {
        while (!timers.isEmpty() && timers.first().at() <= untilPs) {
            Due d = timers.pollFirst();
            now = d.at();
            fw.handle(this, new NicEvent.Timer(d.tag()));
            settle(fw);
        }
        now = untilPs;
    }

    /** Reports every packet not yet reported as sent, and completes every DMA, until neither is left. */
    public void settle(Firmware fw) {
        while (reported < sent.size() || !dmas.isEmpty()) {
            while (reported < sent.size()) {
                fw.handle(this, new NicEvent.PacketSent(sent.get(reported++).id()));
            }
            completeDmas(fw);
        }
    }

    private int reported;

    @Override
    public Histogram histogram(String name) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SplittableRandom random() {
        return new SplittableRandom(1);
    }
}
