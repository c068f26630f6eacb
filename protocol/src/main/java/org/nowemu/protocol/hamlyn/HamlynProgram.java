package org.nowemu.protocol.hamlyn;

import org.apache.commons.javaflow.api.continuable;

/** Workload code that runs as the one process of a host on Hamlyn, against {@link Hamlyn}. */
@FunctionalInterface
public interface HamlynProgram {
    @continuable
    void run(Hamlyn hamlyn);
}
