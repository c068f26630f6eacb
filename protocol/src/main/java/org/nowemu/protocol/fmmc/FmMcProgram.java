package org.nowemu.protocol.fmmc;

import org.apache.commons.javaflow.api.continuable;

/** Workload code that runs as the one process of a host on FM/MC, against {@link FmMc}. */
@FunctionalInterface
public interface FmMcProgram {
    @continuable
    void run(FmMc fm);
}
