package org.nowemu.protocol.parts;

import org.nowemu.hardware.nic.ForwardingNicContext;
import org.nowemu.hardware.nic.NicContext;

/**
 * The NIC that a firmware's parts act on: the processor's context for the event being handled. The firmware that
 * composes the parts hands each of them this one object when it builds them and points it at the processor's
 * context whenever the processor calls in ({@link #use}), so a part charges its cycles, counts and acts on the NIC
 * without the context passed through every call.
 */
public final class CurrentNic extends ForwardingNicContext {
    private NicContext nic;

    /** From now on the parts act on {@code context}. */
    public void use(NicContext context) {
        this.nic = context;
    }

    @Override
    protected NicContext target() {
        return nic;
    }
}
