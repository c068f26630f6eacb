package org.nowemu.protocol.fm.fm2;

import org.apache.commons.javaflow.api.continuable;

/** Workload code that runs as the one process of a host on FM 2.x, against {@link Fm2}. */
@FunctionalInterface
public interface Fm2Program {
    @continuable
    void run(Fm2 fm);
}
