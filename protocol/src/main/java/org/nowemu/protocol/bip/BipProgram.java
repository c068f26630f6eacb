package org.nowemu.protocol.bip;

/** Workload code that runs as the one process of a host on BIP: an ordinary program against {@link Bip}. */
@FunctionalInterface
public interface BipProgram {
    void run(Bip bip);
}
