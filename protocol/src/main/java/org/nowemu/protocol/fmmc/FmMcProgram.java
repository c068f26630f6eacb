package org.nowemu.protocol.fmmc;

/** Workload code that runs as the one process of a host on FM/MC, against {@link FmMc}. */
@FunctionalInterface
public interface FmMcProgram {
    void run(FmMc fm);
}
