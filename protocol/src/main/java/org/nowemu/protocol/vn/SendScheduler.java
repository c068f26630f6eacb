package org.nowemu.protocol.vn;

import org.nowemu.hardware.nic.NicContext;

/** Which endpoint's send queue the firmware serves next. */
interface SendScheduler {
    /** An endpoint's send queue has a new entry. */
    void added(EndpointFrame frame);

    /** The endpoint left its frame: none of its entries may be sent until it is back (and added again). */
    void removed(EndpointFrame frame);

    /** The next send-queue entry to process, charging the scheduling cycles, or null if none. */
    org.nowemu.protocol.nic.Doorbell.Send next(NicContext nic);
}
