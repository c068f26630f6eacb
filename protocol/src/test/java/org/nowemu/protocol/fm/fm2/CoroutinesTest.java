package org.nowemu.protocol.fm.fm2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.javaflow.api.continuable;
import org.junit.jupiter.api.Test;
import org.nowemu.hardware.host.InnerTask;

/**
 * Pending handlers as continuations: one runs at a time, each resumes where it blocked, failures come back. (Their
 * waits for virtual time, handed up to the program, are hardware's InnerTask's and tested there.)
 */
class CoroutinesTest {
    /**
     * Two tasks interleaved by hand: A runs to its first block, B likewise, then A, B, A (ends), B (ends). The log
     * is exactly that order: only the resumed task runs, and each picks up where it left off.
     */
    @Test
    void tasksRunOneAtATimeAndResumeWhereTheyBlocked() {
        Coroutines co = new Coroutines();
        List<String> log = new ArrayList<>();
        Coroutines.Task a = co.start(new InnerTask.Body() {
            @Override
            @continuable
            public void run() {
                log.add("a1");
                co.block();
                log.add("a2");
                co.block();
                log.add("a3");
            }
        });
        Coroutines.Task b = co.start(new InnerTask.Body() {
            @Override
            @continuable
            public void run() {
                log.add("b1");
                co.block();
                log.add("b2");
            }
        });
        co.resume(a);
        co.resume(b);
        assertTrue(b.done());
        assertFalse(a.done());
        co.resume(a);
        assertTrue(a.done());
        assertEquals(List.of("a1", "b1", "a2", "b2", "a3"), log);
        assertFalse(co.inTask());
    }

    /** A handler's exception reaches the extractor that resumed it; the task is then done, and cannot be resumed. */
    @Test
    void aFailingTaskHandsItsExceptionToItsResumer() {
        Coroutines co = new Coroutines();
        Coroutines.Task t = co.start(new InnerTask.Body() {
            @Override
            @continuable
            public void run() {
                co.block();
                throw new IllegalArgumentException("bad bytes");
            }
        });
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> co.resume(t));
        assertEquals("bad bytes", e.getMessage());
        assertTrue(t.done());
        assertThrows(IllegalStateException.class, () -> co.resume(t), "resuming a finished handler");
        assertThrows(IllegalStateException.class, co::block, "blocking outside a task");
    }
}
