package org.nowemu.protocol.basic;

import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.parts.host.ProcessServices;

/**
 * A host API composed on the basic protocol's library (PM's, Hamlyn's): its sends are its own, its polls and its
 * process are {@link Basic}'s.
 */
public abstract class OnBasic implements ProcessServices {
    protected final Basic b;

    protected OnBasic(Basic b) {
        this.b = b;
    }

    /** Handles what has arrived; returns how many packets. */
    @continuable
    public int poll() {
        return b.poll();
    }

    /** Polls until {@code done} holds or virtual time reaches {@code deadline}. */
    @continuable
    public void pollUntil(BooleanSupplier done, long deadline) {
        b.pollUntil(done, deadline);
    }

    @Override
    public final LibraryThread process() {
        return b.process();
    }
}
