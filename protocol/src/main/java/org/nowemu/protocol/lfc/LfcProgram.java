package org.nowemu.protocol.lfc;

/** Workload code that runs as the one process of a host on LFC, against {@link Lfc}. */
@FunctionalInterface
public interface LfcProgram {
    void run(Lfc lfc);
}
