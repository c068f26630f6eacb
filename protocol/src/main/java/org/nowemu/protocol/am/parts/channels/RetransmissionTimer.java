package org.nowemu.protocol.am.parts.channels;

import java.util.function.Supplier;
import org.nowemu.hardware.nic.NicContext;

/**
 * The coarse retransmission timer: it ticks every quantum while some packet is unacknowledged (it stops when none
 * is, and a packet taking a channel starts it again), and each tick scans only the destinations with
 * unacknowledged packets. A packet that has heard nothing for timeout-ticks ticks goes again; after max-retries
 * such resends without an answer its channel gives up on it. A NACKed packet is left to its own back-off.
 *
 * <p>Inputs: {@link #start} (a packet took a channel), {@link #onTick} (its tick came back). Outputs: the verdicts,
 * to an {@link Expiry}. Costs: {@code timerCycles} a tick, {@code scanCycles} a destination scanned.
 */
public final class RetransmissionTimer {
    /** What a tick decides for a channel's packet. */
    public interface Expiry {
        /** Send it again (its retry is counted, its tick count starts again). */
        void resend(int dest, Channel ch);

        /** It has had max-retries resends and no answer: return it to its sender. */
        void giveUp(int dest, Channel ch);
    }

    private final NicContext nic;
    private final SendChannels channels;
    private final Supplier<Object> tickTag;
    private final long quantumPs;
    private final int timeoutTicks;
    private final int maxRetries;
    private final int timerCycles;
    private final int scanCycles;
    private boolean ticking;

    /**
     * @param tickTag      the timer tag that brings a tick back to the firmware
     * @param quantumPs    the period (ps)
     * @param timeoutTicks ticks without an answer before a packet goes again
     * @param maxRetries   resends without an answer before its channel gives up
     * @param timerCycles  a tick's own work (LANai cycles)
     * @param scanCycles   scanning one destination's channels (LANai cycles)
     */
    public RetransmissionTimer(NicContext nic, SendChannels channels, Supplier<Object> tickTag, long quantumPs,
                               int timeoutTicks, int maxRetries, int timerCycles, int scanCycles) {
        this.nic = nic;
        this.channels = channels;
        this.tickTag = tickTag;
        this.quantumPs = quantumPs;
        this.timeoutTicks = timeoutTicks;
        this.maxRetries = maxRetries;
        this.timerCycles = timerCycles;
        this.scanCycles = scanCycles;
    }

    /** A packet took a channel: the timer runs, if it was not already. */
    public void start() {
        if (!ticking) {
            ticking = true;
            nic.timer(quantumPs, tickTag.get());
        }
    }

    /** A tick: resends or gives up on each packet that has waited long enough, through {@code expiry}. */
    public void onTick(Expiry expiry) {
        // The next tick is set before this one's work, so ticks stay exactly one quantum apart.
        ticking = false;
        if (channels.anyUnacked()) {
            start();
        }
        nic.cycles(timerCycles);
        for (int dest : channels.active.toArray(new Integer[0])) {
            nic.cycles(scanCycles);
            for (Channel ch : channels.of(dest)) {
                // A NACKed packet waits for its back-off timer; a silent one goes again after timeout-ticks ticks, so
                // that it has waited at least timeout-ticks - 1 whole quanta.
                if (!ch.busy || ch.nacked || ++ch.ticks < timeoutTicks) {
                    continue;
                }
                if (ch.retries >= maxRetries) {
                    expiry.giveUp(dest, ch);
                    continue;
                }
                ch.retries++;
                ch.ticks = 0;
                expiry.resend(dest, ch);
            }
        }
    }
}
