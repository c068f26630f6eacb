package org.nowemu.protocol.am;

import java.util.List;

/**
 * A process of several threads: each runs its own program on its own host-thread component, and the host's
 * threads share its CPUs. Each thread uses the endpoints it creates (the emulation keeps components free of
 * shared state); the process's range of endpoint indices is split evenly among its threads.
 *
 * @param threads the programs, one per thread
 */
public record AmThreads(List<AmProgram> threads) implements AmProgram {
    public AmThreads {
        if (threads.isEmpty()) {
            throw new IllegalArgumentException("a process needs at least one thread");
        }
        threads = List.copyOf(threads);
    }

    /** Not called: each thread runs its own program. */
    @Override
    public void run(Am am) {
        throw new UnsupportedOperationException("the threads of a process each run their own program");
    }
}
