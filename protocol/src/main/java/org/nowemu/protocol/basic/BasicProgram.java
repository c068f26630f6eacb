package org.nowemu.protocol.basic;

import org.apache.commons.javaflow.api.continuable;

/**
 * Workload code that runs as the one process of a host on the basic protocol: an ordinary program against
 * {@link Basic}, run as a coroutine of its host thread (every call charges host time and may wait for virtual time).
 */
@FunctionalInterface
public interface BasicProgram {
    @continuable
    void run(Basic basic);
}
