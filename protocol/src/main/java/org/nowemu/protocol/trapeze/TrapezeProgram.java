package org.nowemu.protocol.trapeze;

/** Workload code that runs as the one process of a host on Trapeze, against {@link Trapeze}. */
@FunctionalInterface
public interface TrapezeProgram {
    void run(Trapeze trapeze);
}
