package org.nowemu.protocol.pm;

import org.apache.commons.javaflow.api.continuable;

/** Workload code that runs as the one process of a host on PM, against {@link Pm}. */
@FunctionalInterface
public interface PmProgram {
    @continuable
    void run(Pm pm);
}
