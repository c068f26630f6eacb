package org.nowemu.protocol.fm.fm1;

import org.apache.commons.javaflow.api.continuable;

/** Workload code that runs as the one process of a host on FM 1.x, against {@link Fm1}. */
@FunctionalInterface
public interface Fm1Program {
    @continuable
    void run(Fm1 fm);
}
