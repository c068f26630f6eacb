package org.nowemu.protocol.am.parts.scheduling;

import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.parts.endpoints.EndpointFrame;

/**
 * Which endpoint's send queue the firmware serves next: the firmware tells it which endpoints have entries
 * ({@link #added}) and which left their frame ({@link #removed}), and asks it for the next entry when its send path
 * is free. Two mechanisms: {@link EndpointScheduler} (virtual networks) and {@link FifoScheduler} (GAM).
 */
public interface SendScheduler {
    /** An endpoint's send queue has a new entry. */
    void added(EndpointFrame frame);

    /** The endpoint left its frame: none of its entries may be sent until it is back (and added again). */
    void removed(EndpointFrame frame);

    /** The next send-queue entry to process, charging the scheduling cycles, or null if none. */
    Doorbell.Send next(NicContext nic);
}
