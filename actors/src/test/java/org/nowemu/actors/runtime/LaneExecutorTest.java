package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Lanes that share the machine: a lane whose thread is held up does not hold up the tasks queued behind it. */
@Timeout(30)
class LaneExecutorTest {

    @Test
    void anIdleLaneRunsTheTasksOfALaneWhoseThreadMakesNoProgress() throws Exception {
        LaneExecutor.Set set = new LaneExecutor.Set("test", 2, 2_000, 50_000);
        set.lanes[0].start(Executors.defaultThreadFactory());
        set.lanes[1].start(Executors.defaultThreadFactory());
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<Thread> holder = new AtomicReference<>();
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        // Lane 0's thread is stuck in a task (as if another process had taken its core) ...
        set.lanes[0].execute(() -> {
            holder.set(Thread.currentThread());
            holding.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertTrue(holding.await(10, TimeUnit.SECONDS));
        // ... so the task queued behind it runs on lane 1's thread, which frees lane 0.
        set.lanes[0].execute(() -> {
            ranOn.set(Thread.currentThread());
            release.countDown();
        });
        assertTrue(release.await(10, TimeUnit.SECONDS), "the queued task never ran");
        assertNotEquals(holder.get(), ranOn.get());
        set.lanes[0].shutdown();
        set.lanes[1].shutdown();
        assertTrue(set.lanes[0].awaitTermination(10, TimeUnit.SECONDS));
        assertTrue(set.lanes[1].awaitTermination(10, TimeUnit.SECONDS));
    }

    @Test
    void aLaneRunsItsOwnTasksInOrderOnItsOwnThread() throws Exception {
        LaneExecutor.Set set = new LaneExecutor.Set("test-order", 1, 2_000, 50_000);
        set.lanes[0].start(Executors.defaultThreadFactory());
        StringBuilder seen = new StringBuilder();
        CountDownLatch done = new CountDownLatch(1);
        for (int i = 0; i < 5; i++) {
            int k = i;
            set.lanes[0].execute(() -> seen.append(k));
        }
        set.lanes[0].execute(done::countDown);
        assertTrue(done.await(10, TimeUnit.SECONDS));
        assertEquals("01234", seen.toString());
        set.lanes[0].shutdown();
        assertTrue(set.lanes[0].awaitTermination(10, TimeUnit.SECONDS));
    }
}
