package org.nowemu.protocol.am;

import org.apache.commons.javaflow.api.continuable;

/**
 * Workload code that runs as one process on an emulated host: an ordinary program against the AM-II API. It
 * runs on its own thread as a coroutine of its host component (see {@code ProgramThread}): every call charges
 * host time and may wait for virtual time to pass, so it may loop, block in a poll, and keep its state in local
 * variables. It must use only {@link Am} for time, randomness and statistics.
 */
@FunctionalInterface
public interface AmProgram {
    @continuable
    void run(Am am);
}
