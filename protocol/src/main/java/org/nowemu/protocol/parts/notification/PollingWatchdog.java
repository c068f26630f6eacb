package org.nowemu.protocol.parts.notification;

/**
 * LFC's polling watchdog on the NIC (systems §10.5: "starts a timer when a message arrives and generates an
 * interrupt only if no poll is issued by the host before the timer expires"). The NIC counts the packets it has put
 * in the host's receive ring; the host's polls show as its consumer index, which it writes into NIC SRAM when it
 * frees slots (§10.4's default: it costs nothing extra). A delivery with no timer running starts one for
 * {@code period}; a poll stops it, and starts a fresh one at once if packets delivered after that poll still wait;
 * a timer that expires while it is still the current one means the host has not polled for a whole period with a
 * packet waiting: the NIC interrupts. With interrupts disabled the watchdog only counts.
 *
 * <p>Pure bookkeeping, no time of its own: the firmware sets a NIC timer for each {@link Tag} it is handed and
 * passes it back when the timer fires; a stale tag (a poll came first) is ignored.
 */
public final class PollingWatchdog {
    /** A watchdog timer to set for {@code periodPs}, to be handed back to {@link #expired} when it fires. */
    public record Tag(long generation, long periodPs) {
    }

    private final long periodPs;
    private boolean enabled;
    private long delivered;
    private long consumed;
    private long generation;
    private boolean running;
    private long interrupts;

    /** @param periodPs how long the host may leave a delivered packet unpolled before the NIC interrupts (ps, > 0) */
    public PollingWatchdog(long periodPs, boolean enabled) {
        if (periodPs <= 0) {
            throw new IllegalArgumentException("a watchdog period of " + periodPs + " ps");
        }
        this.periodPs = periodPs;
        this.enabled = enabled;
    }

    /** The host enabled or disabled interrupts (LFC's {@code lfc_intr_enable} / {@code lfc_intr_disable}). */
    public Tag enable(boolean on) {
        enabled = on;
        if (!on) {
            stop();
            return null;
        }
        return waiting() ? start() : null;
    }

    /** The NIC has put one more packet in the host's ring: the timer to set, or null (one runs, or disabled). */
    public Tag delivered() {
        delivered++;
        return enabled && !running ? start() : null;
    }

    /**
     * The host polled: its consumer index (packets it has taken from the ring since the start) is now
     * {@code consumedIndex}. Stops the running timer; returns a fresh one if packets still wait, else null.
     */
    public Tag polled(long consumedIndex) {
        consumed = Math.max(consumed, consumedIndex);
        stop();
        return enabled && waiting() ? start() : null;
    }

    /** Timer {@code tag} fired: whether the NIC interrupts the host now. */
    public boolean expired(Tag tag) {
        if (!running || tag.generation() != generation) {
            return false;
        }
        running = false;
        if (!enabled || !waiting()) {
            return false;
        }
        interrupts++;
        return true;
    }

    /** Whether a delivered packet has not been taken by the host. */
    public boolean waiting() {
        return consumed < delivered;
    }

    /** Interrupts raised so far. */
    public long interrupts() {
        return interrupts;
    }

    public long periodPs() {
        return periodPs;
    }

    private Tag start() {
        running = true;
        return new Tag(++generation, periodPs);
    }

    private void stop() {
        if (running) {
            running = false;
            generation++;
        }
    }
}
