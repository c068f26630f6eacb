package org.nowemu.hardware.nic;

import java.util.List;

/**
 * The program the LANai processor runs, supplied by the protocol layer (the VN transport, GAM, a raw-packet test
 * firmware). The processor calls it for each event, one at a time, in virtual-time order; the firmware charges its
 * work with {@link NicContext#cycles} and acts through the context (send a packet, start a DMA, post receive
 * buffers, set a timer). Events that arrive while the processor is busy wait until it is free.
 *
 * <p>A NIC that loses power ({@link PowerCycle}) stops calling its firmware and, when power comes back, runs a
 * fresh instance with empty SRAM through {@link #restart}; the two hooks below carry what survives in host memory
 * from one life to the next. Firmware that does not override them simply starts again from nothing.
 */
public interface Firmware {
    /** Runs once at virtual time 0: allocate SRAM, post receive buffers, set the first timers. */
    void start(NicContext nic);

    /** Handles one event: a {@link NicEvent}, or a payload another component sent to this NIC's processor. */
    void handle(NicContext nic, Object event);

    /**
     * The ledger ids of the application messages this firmware still holds for resending (kept, not yet
     * acknowledged) when the run ends: the ledger counts them as pending rather than lost. Read once, after the
     * run; none by default.
     */
    default long[] holding() {
        return new long[0];
    }

    /**
     * The NIC loses power now; this instance never runs again. Returns what the host had handed it that a later
     * life must account for (the endpoints the host set up, the messages it had taken on and not seen acknowledged),
     * or null. It runs no firmware code on the NIC: it charges nothing and sends nothing.
     */
    default Object powerLost(NicContext nic) {
        return null;
    }

    /**
     * Starts this fresh instance after a power cycle, instead of {@link #start}: SRAM is empty again, {@code boot}
     * is the NIC's incarnation (power-ons so far, 1 for the first restart), {@code previous} what the last life's
     * {@link #powerLost} returned, and {@code writesWhileOff} the payloads of the host's writes that reached the
     * NIC while it had no power, in arrival order.
     */
    default void restart(NicContext nic, int boot, Object previous, List<Object> writesWhileOff) {
        start(nic);
    }
}
