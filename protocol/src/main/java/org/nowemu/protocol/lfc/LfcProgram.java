package org.nowemu.protocol.lfc;

import org.apache.commons.javaflow.api.continuable;

/** Workload code that runs as the one process of a host on LFC, against {@link Lfc}. */
@FunctionalInterface
public interface LfcProgram {
    @continuable
    void run(Lfc lfc);
}
