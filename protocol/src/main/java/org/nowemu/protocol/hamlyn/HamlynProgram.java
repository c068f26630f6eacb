package org.nowemu.protocol.hamlyn;

/** Workload code that runs as the one process of a host on Hamlyn, against {@link Hamlyn}. */
@FunctionalInterface
public interface HamlynProgram {
    void run(Hamlyn hamlyn);
}
