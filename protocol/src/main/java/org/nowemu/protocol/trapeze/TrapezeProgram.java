package org.nowemu.protocol.trapeze;

import org.apache.commons.javaflow.api.continuable;

/** Workload code that runs as the one process of a host on Trapeze, against {@link Trapeze}. */
@FunctionalInterface
public interface TrapezeProgram {
    @continuable
    void run(Trapeze trapeze);
}
