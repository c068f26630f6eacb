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
        return f.forwarded(peer.port(), consumeRouteByte, errors.next(f.bytes() * 8));
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
