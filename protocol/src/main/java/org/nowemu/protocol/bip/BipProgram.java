package org.nowemu.protocol.bip;

import org.apache.commons.javaflow.api.continuable;

/** Workload code that runs as the one process of a host on BIP: an ordinary program against {@link Bip}. */
@FunctionalInterface
public interface BipProgram {
    @continuable
    void run(Bip bip);
}
