package org.nowemu.protocol.vmmc;

/** Workload code that runs as the one process of a host on VMMC, against {@link Vmmc}. */
@FunctionalInterface
public interface VmmcProgram {
    void run(Vmmc vmmc);
}
