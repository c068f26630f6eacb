package org.nowemu.protocol.fm.fm1;

/** Workload code that runs as the one process of a host on FM 1.x, against {@link Fm1}. */
@FunctionalInterface
public interface Fm1Program {
    void run(Fm1 fm);
}
