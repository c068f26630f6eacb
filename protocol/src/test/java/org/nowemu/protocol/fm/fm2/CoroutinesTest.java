package org.nowemu.protocol.fm.fm2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Pending handlers as continuations: one runs at a time, each resumes where it blocked, failures come back. */
class CoroutinesTest {
    /**
     * Two tasks interleaved by hand: A runs to its first block, B likewise, then A, B, A (ends), B (ends). The log
     * is exactly that order: only the resumed task runs, and each picks up where it left off.
     */
    @Test
    void tasksRunOneAtATimeAndResumeWhereTheyBlocked() {
        Coroutines co = new Coroutines("test");
        List<String> log = new ArrayList<>();
        Coroutines.Task a = co.start(() -> {
            log.add("a1");
            co.block();
            log.add("a2");
            co.block();
            log.add("a3");
        });
        Coroutines.Task b = co.start(() -> {
            log.add("b1");
            co.block();
            log.add("b2");
        });
        co.resume(a);
        co.resume(b);
        assertTrue(b.done());
        assertFalse(a.done());
        co.resume(a);
        assertTrue(a.done());
        assertEquals(List.of("a1", "b1", "a2", "b2", "a3"), log);
        co.close();
    }

    /** A handler's exception reaches the extractor that resumed it; a finished worker serves the next handler. */
    @Test
    void aFailingTaskHandsItsExceptionToItsResumer() {
        Coroutines co = new Coroutines("test");
        Coroutines.Task t = co.start(() -> {
            co.block();
            throw new IllegalArgumentException("bad bytes");
        });
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> co.resume(t));
        assertEquals("bad bytes", e.getMessage());
        int[] ran = new int[1];
        Coroutines.Task next = co.start(() -> ran[0]++);
        assertTrue(next.done());
        assertEquals(1, ran[0]);
        assertThrows(IllegalStateException.class, co::block, "blocking outside a task");
        co.close();
    }

    /** Closing abandons a blocked task: it never runs on, and its thread ends. */
    @Test
    void closingAbandonsABlockedTask() {
        Coroutines co = new Coroutines("test");
        int[] after = new int[1];
        co.start(() -> {
            co.block();
            after[0]++;
        });
        co.close();
        assertEquals(0, after[0]);
    }
}
