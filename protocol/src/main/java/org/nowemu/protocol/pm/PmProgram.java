package org.nowemu.protocol.pm;

/** Workload code that runs as the one process of a host on PM, against {@link Pm}. */
@FunctionalInterface
public interface PmProgram {
    void run(Pm pm);
}
