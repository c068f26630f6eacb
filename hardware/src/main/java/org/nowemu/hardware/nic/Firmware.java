package org.nowemu.hardware.nic;

/**
 * The program the LANai processor runs, supplied by the protocol layer (the VN transport, GAM, a raw-packet test
 * firmware). The processor calls it for each event, one at a time, in virtual-time order; the firmware charges its
 * work with {@link NicContext#cycles} and acts through the context (send a packet, start a DMA, post receive
 * buffers, set a timer). Events that arrive while the processor is busy wait until it is free.
 */
public interface Firmware {
    /** Runs once at virtual time 0: allocate SRAM, post receive buffers, set the first timers. */
    void start(NicContext nic);

    /** Handles one event: a {@link NicEvent}, or a payload another component sent to this NIC's processor. */
    void handle(NicContext nic, Object event);
}
