package org.nowemu.protocol.fm.fm2;

/** Workload code that runs as the one process of a host on FM 2.x, against {@link Fm2}. */
@FunctionalInterface
public interface Fm2Program {
    void run(Fm2 fm);
}
