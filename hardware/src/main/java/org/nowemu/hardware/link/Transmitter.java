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
    /**
     * Injected errors ({@link Peer#fault()}): the parts of the fault and a bit-error stream each, all drawn from
     * one stream split off only when there are any, so a run without injected faults draws exactly as before.
     */
    private final LinkFault.Part[] parts;
    private final BitErrors[] partErrors;
    private final java.util.SplittableRandom faultRandom;
    private long droppedPacket = -1;
    private boolean corruptedRoute;
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
            parts = peer.fault().parts().stream().filter(LinkFault.Part::any).toArray(LinkFault.Part[]::new);
            partErrors = new BitErrors[parts.length];
            for (int i = 0; i < parts.length; i++) {
                partErrors[i] = new BitErrors(parts[i].bitErrorRate(), faultRandom);
            }
        } else {
            faultRandom = null;
            parts = new LinkFault.Part[0];
            partErrors = new BitErrors[0];
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

    /** The cable is cut: flits still leave at the link rate (into nothing), not stopped until it is repaired. */
    public void cut() {
        cut = true;
        stopped = false;
    }

    /**
     * The cable is repaired: the receiver's STOP/GO state is unknown until it says, so the transmitter waits for
     * its GO (the far end sends one on repair when it has room) rather than risk overflowing a full slack buffer.
     */
    public void repair() {
        cut = false;
        stopped = true;
    }

    /**
     * At a boundary of the cable's cut ranges: cuts or repairs the transmitter if the cable's state changed;
     * returns 1 when it was cut now, -1 when repaired now, 0 when nothing changed (overlapping ranges).
     */
    public int followCuts(long now) {
        if (peer.cut(now) && !cut) {
            cut();
            return 1;
        } else if (!peer.cut(now) && cut) {
            repair();
            return -1;
        }
        return 0;
    }

    public long busyUntil() {
        return busyUntil;
    }

    /** Holds the transmitter busy for a fixed start-up (a DMA's) before its next flit. */
    public void delay(long now, long ps) {
        busyUntil = Math.max(busyUntil, now) + ps;
    }

    /**
     * Starts sending {@code f} at {@code now}; returns the flit as it leaves (addressed, bits flipped, and on a
     * head perhaps its next route byte replaced: {@link #corruptedRoute()}).
     */
    public Flit transmit(long now, Flit f, boolean consumeRouteByte) {
        busyUntil = Math.max(busyUntil, now) + rate.psFor(f.bytes());
        int[] flips = errors.next(f.bytes() * 8);
        for (int i = 0; i < parts.length; i++) {
            if (parts[i].when().holds(now)) {
                int[] more = partErrors[i].next(f.bytes() * 8);
                if (more.length > 0) {
                    flips = merge(flips, more);
                }
            }
        }
        Flit out = f.forwarded(peer.port(), consumeRouteByte, flips);
        corruptedRoute = false;
        return faultRandom != null && out.isHead() ? corruptRoute(now, out) : out;
    }

    /** Whether the last flit {@link #transmit} returned had its route byte replaced (the owner counts it). */
    public boolean corruptedRoute() {
        return corruptedRoute;
    }

    /**
     * The head with the route byte the next switch will read replaced by a random other value, drawn with each
     * active part's probability. The CRC covers the body only, so nothing downstream notices: the next switch
     * takes the byte as its offset. A head with no route byte left (going into a NIC) has nothing to corrupt.
     */
    private Flit corruptRoute(long now, Flit head) {
        byte[] route = head.head().route();
        int at = head.hop();
        if (at >= route.length) {
            return head;
        }
        for (LinkFault.Part p : parts) {
            if (p.routeFraction() > 0 && p.when().holds(now) && faultRandom.nextDouble() < p.routeFraction()) {
                int old = route[at] & 0xff;
                int v = faultRandom.nextInt(255);
                byte value = (byte) (v >= old ? v + 1 : v);
                corruptedRoute = true;
                return head.withHead(head.head().withRouteByte(at, value));
            }
        }
        return head;
    }

    /**
     * Whether {@code f}, sent at {@code now}, is lost to an injected drop: the head flit of a packet decides for
     * the whole packet. The owner sends a lost flit nowhere.
     */
    public boolean drops(long now, Flit f) {
        if (faultRandom == null) {
            return false;
        }
        if (f.index() == 0) {
            droppedPacket = -1;
            for (LinkFault.Part p : parts) {
                if (p.dropFraction() > 0 && p.when().holds(now) && faultRandom.nextDouble() < p.dropFraction()) {
                    droppedPacket = f.packetId();
                    break;
                }
            }
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
