package org.nowemu.protocol.am.parts.protection;

import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.am.AmError;
import org.nowemu.protocol.am.parts.endpoints.EndpointFrame;
import org.nowemu.protocol.am.wire.Header;

/**
 * What the NICs check so that a process reaches only the endpoints it was given: on send, that the translation
 * entry the message names is mapped (the destination comes from the entry, never from the process); on receive,
 * that the destination endpoint exists and the message carries its tag. A stack with protection off skips the
 * cost of the checks and the tag comparison, not the translation (a send still needs a destination) nor the bulk
 * bound (a message must not write past the endpoint's region).
 *
 * <p>Inputs: the endpoint and the message. Output: the error to refuse it with, or null.
 */
public final class ProtectionChecks {
    private final NicContext nic;
    private final boolean on;
    private final int sendCycles;
    private final int receiveCycles;

    /**
     * @param on            protection checks run (their cycles and the tag comparison)
     * @param sendCycles    checking a translation entry on send (LANai cycles)
     * @param receiveCycles checking endpoint bounds and tag on receive (LANai cycles)
     */
    public ProtectionChecks(NicContext nic, boolean on, int sendCycles, int receiveCycles) {
        this.nic = nic;
        this.on = on;
        this.sendCycles = sendCycles;
        this.receiveCycles = receiveCycles;
    }

    /** A request from {@code f} through its translation entry {@code index}: BAD_ENTRY if it is not mapped. */
    public AmError send(EndpointFrame f, int index) {
        if (on) {
            nic.cycles(sendCycles);
        }
        return f.mapped(index) ? null : AmError.BAD_ENTRY;
    }

    /**
     * DATA {@code h} for endpoint {@code f} (null: none such): BAD_ENDPOINT, BAD_TAG, BAD_SEGMENT_OFFSET (its bulk
     * data would not fit the endpoint's region), or null to take it.
     */
    public AmError receive(EndpointFrame f, Header h) {
        AmError refused = null;
        if (on) {
            nic.cycles(receiveCycles);
            if (f == null) {
                refused = AmError.BAD_ENDPOINT;
            } else if (f.tag != h.tag()) {
                refused = AmError.BAD_TAG;
            }
        }
        if (refused == null && f != null && h.offset() >= 0
                && (long) h.offset() + h.data().length > f.segment) {
            refused = AmError.BAD_SEGMENT_OFFSET;
        } else if (f == null) {
            refused = AmError.BAD_ENDPOINT;
        }
        return refused;
    }
}
