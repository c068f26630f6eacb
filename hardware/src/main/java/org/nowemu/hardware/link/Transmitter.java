package org.nowemu.hardware.link;

import java.util.SplittableRandom;
import org.nowemu.hardware.profile.Rate;

/**
 * The sending end of one link direction (a switch output or a NIC's send DMA): a resource that is busy for
 * {@code bytes / rate} per flit, stops while the receiver says STOP, and flips bits at the link's error rate.
 * The owning component sends the flits it returns and wakes itself at {@link #busyUntil()} to send the next.
 *
 * <p>Statistics (the owner counts): flits and bytes sent, STOPs received.
 */
public final class Transmitter {
    private final Peer peer;
    private final Rate rate;
    private final BitErrors errors;
    /** Injected errors ({@link Peer#fault()}), drawn from a stream split off only when there are any. */
    private final BitErrors faultErrors;
    private final java.util.SplittableRandom faultRandom;
    private long droppedPacket = -1;
    private long busyUntil;
    private boolean stopped;
    private boolean cut;
    private boolean wakePending;

    /**
     * @param peer         where the flits go
     * @param rate         the slower of the link and the feeding DMA
     * @param bitErrorRate probability of a flipped bit
     * @param random       the owner's random stream (bit errors)
     */
    public Transmitter(Peer peer, Rate rate, double bitErrorRate, SplittableRandom random) {
        this.peer = peer;
        this.rate = rate;
        this.errors = new BitErrors(bitErrorRate, random);
        if (peer != null && peer.fault().any()) {
            faultRandom = random.split();
            faultErrors = new BitErrors(peer.fault().bitErrorRate(), faultRandom);
        } else {
            faultRandom = null;
            faultErrors = null;
        }
    }

    public Peer peer() {
        return peer;
    }

    /** Free to start a flit at {@code now}: not stopped and done with the previous one. */
    public boolean ready(long now) {
        return !stopped && busyUntil <= now;
    }

    public boolean stopped() {
        return stopped;
    }

    /** The cable is cut: flits still leave at the link rate (into nothing), never stopped again. */
    public void cut() {
        cut = true;
        stopped = false;
    }

    public long busyUntil() {
        return busyUntil;
    }

    /** Holds the transmitter busy for a fixed start-up (a DMA's) before its next flit. */
    public void delay(long now, long ps) {
        busyUntil = Math.max(busyUntil, now) + ps;
    }

    /** Starts sending {@code f} at {@code now}; returns the flit as it leaves (addressed, bits flipped). */
    public Flit transmit(long now, Flit f, boolean consumeRouteByte) {
        busyUntil = Math.max(busyUntil, now) + rate.psFor(f.bytes());
        int[] flips = errors.next(f.bytes() * 8);
        if (faultErrors != null && now >= peer.fault().fromPs()) {
            int[] more = faultErrors.next(f.bytes() * 8);
            if (more.length > 0) {
                flips = merge(flips, more);
            }
        }
        return f.forwarded(peer.port(), consumeRouteByte, flips);
    }

    /**
     * Whether {@code f}, sent at {@code now}, is lost to an injected drop: the head flit of a packet decides for
     * the whole packet. The owner sends a lost flit nowhere.
     */
    public boolean drops(long now, Flit f) {
        if (faultRandom == null || peer.fault().dropFraction() <= 0) {
            return false;
        }
        if (f.index() == 0) {
            droppedPacket = now >= peer.fault().fromPs() && faultRandom.nextDouble() < peer.fault().dropFraction()
                    ? f.packetId() : -1;
        }
        return f.packetId() == droppedPacket;
    }

    private static int[] merge(int[] a, int[] b) {
        java.util.TreeSet<Integer> all = new java.util.TreeSet<>();
        for (int x : a) {
            all.add(x);
        }
        for (int x : b) {
            all.add(x);
        }
        return all.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The receiver's STOP or GO arrived. */
    public void control(boolean go) {
        // A cut cable has no receiver to hold it back: STOPs still on their way when it was cut do not count.
        if (!go && cut) {
            return;
        }
        stopped = !go;
    }

    /**
     * True when the owner should schedule a wake-up at {@link #busyUntil()} (busy, not stopped, none pending).
     * A stopped transmitter is woken by GO instead.
     */
    public boolean needsWake(long now) {
        if (wakePending || stopped || busyUntil <= now) {
            return false;
        }
        wakePending = true;
        return true;
    }

    /** The owner's wake-up arrived. */
    public void woken() {
        wakePending = false;
    }
}
