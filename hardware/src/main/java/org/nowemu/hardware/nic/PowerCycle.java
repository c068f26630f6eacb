package org.nowemu.hardware.nic;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.nowemu.hardware.profile.NicSettings;

/**
 * A NIC that loses power at given virtual times and (unless for good) gets it back later. While it has power it
 * runs a firmware instance from {@code factory}. At a cut the instance is told ({@link Firmware#powerLost}) and
 * dropped; while off the processor does nothing but keep receive buffers posted, so packets still drain off the link
 * (a dead NIC does not hold the network back) and are dropped unread, host writes are kept aside unread, and DMA
 * completions and timers are ignored. At power-on a new instance starts with empty SRAM, the incarnation
 * {@code boot} (power-ons so far) and what the last one handed over ({@link Firmware#restart}).
 *
 * <p>The DMA engines finish what the processor had given them (their queues are theirs, not the processor's): an
 * entry a dead firmware was writing into host memory still lands there, and a packet it had queued still leaves.
 * What the old instance set in motion must not reach the new one: its timers and its DMA completions are told apart
 * by the life they belong to (a timer tag wrapped with it, the life in the top bits of a DMA tag; the first life's
 * are left as they are, so a run is the same as without the fault until the first cut).
 *
 * <p>Counters: {@code nic.power_offs}, {@code nic.powered_off_events} (events ignored while off),
 * {@code nic.previous_life_events} (an earlier life's timers and DMA completions, dropped), {@code nic.told_no_host}
 * (flags a later life would set for a host it does not know).
 */
public final class PowerCycle implements Firmware {
    /** Marks the times of the cuts and power-ons, so they happen even when nothing else reaches the processor. */
    private record PowerOff() {
    }

    private record PowerOn() {
    }

    /** A timer set by the firmware of life {@code life} (from the first restart on). */
    private record LifeTimer(int life, Object tag) {
    }

    private static final int LIFE_SHIFT = 48;
    private static final long TAG_MASK = (1L << LIFE_SHIFT) - 1;

    private final Supplier<Firmware> factory;
    private final long[][] cycles;
    private final Life life = new Life();
    private final List<Object> writesWhileOff = new ArrayList<>();
    private NicContext nic;
    private Firmware firmware;
    private int next;
    private int boot;
    private Object previous;
    private Sram sram;
    /** Receive buffers posted to the receive DMA and not yet filled, as far as the processor has heard. */
    private long posted;
    /** At a power-on: buffers the receive DMA still holds, which the new life's first posts re-initialize. */
    private long carried;

    /**
     * @param factory a fresh firmware for each life (the first at start)
     * @param cycles  {@code {off, on}} pairs (ps) in time order, not overlapping; {@code on = Long.MAX_VALUE}: off
     *                for good
     */
    public PowerCycle(Supplier<Firmware> factory, long[][] cycles) {
        this.factory = factory;
        this.cycles = cycles.clone();
        for (int i = 0; i < cycles.length; i++) {
            if (cycles[i][1] <= cycles[i][0] || (i > 0 && cycles[i][0] < cycles[i - 1][1])) {
                throw new IllegalArgumentException("power cycles must be in order, each off before it is on again");
            }
        }
    }

    /** A NIC running {@code firmware} that loses power for good at {@code offAtPs}. */
    public static PowerCycle cut(Firmware firmware, long offAtPs) {
        return new PowerCycle(() -> firmware, new long[][] {{offAtPs, Long.MAX_VALUE}});
    }

    @Override
    public void start(NicContext ctx) {
        nic = ctx;
        sram = ctx.sram();
        firmware = factory.get();
        firmware.start(life);
        for (long[] c : cycles) {
            ctx.timer(Math.max(0, c[0] - ctx.now()), new PowerOff());
            if (c[1] != Long.MAX_VALUE) {
                ctx.timer(Math.max(0, c[1] - ctx.now()), new PowerOn());
            }
        }
        advance();
    }

    @Override
    public void handle(NicContext ctx, Object event) {
        nic = ctx;
        advance();
        if (event instanceof NicEvent.PacketReceived) {
            posted--;
        }
        if (event instanceof NicEvent.Timer t && (t.tag() instanceof PowerOff || t.tag() instanceof PowerOn)) {
            return;
        }
        if (firmware == null) {
            whileOff(event);
            return;
        }
        Object own = ownLife(event);
        if (own == null) {
            ctx.counter("nic.previous_life_events").increment();
            return;
        }
        firmware.handle(life, own);
    }

    /** What the life running at the end still holds; a NIC off at the end holds nothing. */
    @Override
    public long[] holding() {
        return firmware == null ? new long[0] : firmware.holding();
    }

    /** Cuts the power or brings it back when the processor's time has reached the next change. */
    private void advance() {
        while (next < cycles.length) {
            long[] c = cycles[next];
            if (firmware != null && nic.now() >= c[0]) {
                previous = firmware.powerLost(life);
                firmware = null;
                nic.counter("nic.power_offs").increment();
            } else if (firmware == null && nic.now() >= c[1]) {
                next++;
                powerOn();
            } else {
                return;
            }
        }
    }

    private void powerOn() {
        boot++;
        sram = sram.fresh();
        carried = posted;
        firmware = factory.get();
        List<Object> writes = List.copyOf(writesWhileOff);
        writesWhileOff.clear();
        Object handed = previous;
        previous = null;
        firmware.restart(life, boot, handed, writes);
        carried = 0;
    }

    private void whileOff(Object event) {
        nic.counter("nic.powered_off_events").increment();
        if (event instanceof NicEvent.PacketReceived) {
            nic.postReceive(1);
            posted++;
        } else if (event instanceof NicEvent.HostWrite w && next < cycles.length
                && cycles[next][1] != Long.MAX_VALUE) {
            // Kept for the next life to account for (a NIC off for good has none).
            writesWhileOff.add(w.payload());
        }
    }

    /** The event as the current life sees it, or null if it belongs to an earlier life. */
    private Object ownLife(Object event) {
        if (boot == 0) {
            return event;
        }
        if (event instanceof NicEvent.Timer t) {
            return t.tag() instanceof LifeTimer lt && lt.life() == boot ? new NicEvent.Timer(lt.tag()) : null;
        }
        if (event instanceof NicEvent.DmaDone d) {
            return d.tag() >>> LIFE_SHIFT == boot ? new NicEvent.DmaDone(d.tag() & TAG_MASK) : null;
        }
        return event;
    }

    /** What each life sees of the NIC: its own SRAM, its own timers and DMA tags, the receive buffers it posts. */
    private final class Life extends ForwardingNicContext {
        @Override
        protected NicContext target() {
            return nic;
        }

        @Override
        public Sram sram() {
            return sram;
        }

        @Override
        public void postReceive(int buffers) {
            // The buffers a new life posts at start replace those the receive DMA still holds from the last one.
            long kept = Math.min(carried, buffers);
            carried -= kept;
            int give = (int) (buffers - kept);
            if (give > 0) {
                nic.postReceive(give);
                posted += give;
            }
        }

        @Override
        public void hostDma(DmaRequest r) {
            if (r.tag() >>> LIFE_SHIFT != 0) {
                throw new IllegalArgumentException("DMA tag " + r.tag() + " uses the top bits kept for the NIC's life");
            }
            nic.hostDma(boot == 0 ? r : new DmaRequest(r.toHost(), r.bytes(), r.streaming(),
                    ((long) boot << LIFE_SHIFT) | r.tag(), r.hostTarget(), r.payload()));
        }

        @Override
        public void tell(int component, long delayPs, Object payload) {
            if (component < 0) {
                // A life that has not heard from its host (a comparison system's firmware learns of its process from
                // the first life's start only) has no one to tell: what it would set there goes nowhere.
                nic.counter("nic.told_no_host").increment();
                return;
            }
            nic.tell(component, delayPs, payload);
        }

        @Override
        public void timer(long delayPs, Object tag) {
            nic.timer(delayPs, boot == 0 ? tag : new LifeTimer(boot, tag));
        }
    }
}
