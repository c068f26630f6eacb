package org.nowemu.protocol.parts.bench;

import org.apache.commons.javaflow.api.continuable;

/**
 * A benchmark's program over any system's {@link Messenger}. Its own interface rather than a
 * {@code MessengerProgram}: a program waits, so its entry must be marked {@code @continuable} (and an
 * implementation is a named or anonymous class, not a lambda: hardware/host/Coroutine says why).
 */
@FunctionalInterface
public interface MessengerProgram {
    @continuable
    void run(Messenger messenger);
}
