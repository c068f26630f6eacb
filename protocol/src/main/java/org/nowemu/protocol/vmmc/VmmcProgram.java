package org.nowemu.protocol.vmmc;

import org.apache.commons.javaflow.api.continuable;

/** Workload code that runs as the one process of a host on VMMC, against {@link Vmmc}. */
@FunctionalInterface
public interface VmmcProgram {
    @continuable
    void run(Vmmc vmmc);
}
