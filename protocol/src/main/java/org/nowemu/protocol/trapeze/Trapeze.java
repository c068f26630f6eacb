package org.nowemu.protocol.trapeze;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.host.PolledLibrary;

/**
 * Trapeze as a program sees it (systems §12.2), in one call per message: {@code send} fills the next
 * send-ring entry ({@code tpz_send_slot}, {@code tpz_write_ctrl}, {@code tpz_attach_payload} and {@code tpz_send}),
 * {@code poll} takes the next receive-ring entry and hands it back with a fresh frame ({@code tpz_poll},
 * {@code tpz_attach_rcv_frame}), {@code interrupts} is {@code tpz_intr_enable/disable}. The incoming payload table
 * (early demultiplexing into a designated buffer) is left out: every payload lands in the receive entry's frame.
 */
public final class Trapeze extends PolledLibrary<Trapeze.Message> {
    private final TrapezeProcess p;

    Trapeze(TrapezeProcess p) {
        super(p);
        this.p = p;
    }

    /** A received message: its source, its control message and the length of the payload in its frame. */
    public record Message(int src, byte[] control, int payload) {
    }

    /** The largest control message (128 B). */
    public int maxControl() {
        return p.settings().maxControl();
    }

    /** The largest payload (a page frame). */
    public int maxPayload() {
        return p.settings().maxPayload();
    }

    /**
     * Sends {@code control} (at most {@link #maxControl} bytes) with a payload of {@code payload} bytes (0: none;
     * at most {@link #maxPayload}) from a page frame, to host {@code dest}; busy-waits for a send-ring entry.
     */
    @continuable
    public void send(int dest, byte[] control, int payload) {
        p.send(dest, control, payload);
    }

    /** Whether the host waits for messages by interrupt (else by spinning on polls). */
    @continuable
    public void interrupts(boolean on) {
        p.interrupts(on);
    }
}
