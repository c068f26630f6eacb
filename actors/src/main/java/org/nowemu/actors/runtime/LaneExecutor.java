package org.nowemu.actors.runtime;

import com.typesafe.config.Config;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.pekko.dispatch.DispatcherPrerequisites;
import org.apache.pekko.dispatch.ExecutorServiceConfigurator;
import org.apache.pekko.dispatch.ExecutorServiceFactory;

/**
 * The executor of the {@link Lanes}: one thread per lane that runs its own lane's tasks, spins a bounded while
 * when it has none (so the next window's grants start without a wake-up), and then, rather than spin on, helps:
 * it runs the tasks of a lane whose thread has made no progress meanwhile, and otherwise parks for a short,
 * bounded period. On a machine with a core to spare per lane this behaves like a spinning single-thread pool;
 * when another process takes a core, a lane's thread loses it for a whole scheduler quantum (milliseconds), and
 * without help every window would wait for it at the barrier: that is how the spinning lanes collapsed
 * (BENCHMARKS.md). A task of a stalled lane is a Pekko mailbox run, which is safe on any thread, so where it
 * runs never changes results.
 *
 * <p>The lanes of one actor system form a {@link Set}, found by the token in each lane dispatcher's config.
 */
final class LaneExecutor {
    private static final ConcurrentHashMap<String, Set> SETS = new ConcurrentHashMap<>();
    private static final AtomicLong TOKENS = new AtomicLong();

    private LaneExecutor() {
    }

    /** A token naming a new set of lanes, for the lane dispatchers' config. */
    static String newToken() {
        return "lanes-" + TOKENS.incrementAndGet();
    }

    /** The lanes of one actor system: one queue each, one thread each once its dispatcher is used. */
    static final class Set {
        final String token;
        final Lane[] lanes;

        Set(String token, int n, long spinNs, long parkNs) {
            this.token = token;
            lanes = new Lane[n];
            for (int i = 0; i < n; i++) {
                lanes[i] = new Lane(this, i, spinNs, parkNs);
            }
        }
    }

    /** One lane: its queue and its thread; also the {@link ExecutorService} its dispatcher sees. */
    static final class Lane extends AbstractExecutorService {
        private final Set set;
        private final int index;
        private final long spinNs;
        private final long parkNs;
        private final ConcurrentLinkedQueue<Runnable> queue = new ConcurrentLinkedQueue<>();
        /** Tasks this lane's thread has taken: another lane reads it to tell a stalled thread from a busy one. */
        private volatile long taken;
        private volatile boolean parked;
        private volatile boolean shutdown;
        private volatile Thread thread;

        Lane(Set set, int index, long spinNs, long parkNs) {
            this.set = set;
            this.index = index;
            this.spinNs = spinNs;
            this.parkNs = parkNs;
        }

        synchronized void start(ThreadFactory factory) {
            if (thread == null) {
                thread = factory.newThread(this::loop);
                thread.start();
            }
        }

        @Override
        public void execute(Runnable task) {
            queue.offer(task);
            if (parked) {
                Thread t = thread;
                if (t != null) {
                    LockSupport.unpark(t);
                }
            }
        }

        private void loop() {
            Lane[] all = set.lanes;
            long[] seen = new long[all.length];
            boolean spun = false;
            while (!shutdown) {
                Runnable r = queue.poll();
                if (r != null) {
                    taken++; // only this thread writes it
                    spun = false;
                    r.run();
                    continue;
                }
                // Spin once per idle stretch: a lane idle for longer (between runs, or while host programs
                // compute) only wakes every park period to look for a stalled lane, and costs next to no CPU.
                if (!spun) {
                    spun = true;
                    look(all, seen);
                    long deadline = System.nanoTime() + spinNs; // wall clock for scheduling only, not results
                    while (queue.isEmpty() && !shutdown && System.nanoTime() < deadline) {
                        Thread.onSpinWait();
                    }
                    if (!queue.isEmpty()) {
                        continue;
                    }
                }
                // A lane that took no task over the whole spin or park is stalled, not just busy.
                if (help(all, seen)) {
                    continue;
                }
                look(all, seen);
                parked = true;
                if (queue.isEmpty() && !shutdown) {
                    LockSupport.parkNanos(this, parkNs);
                }
                parked = false;
            }
        }

        private static void look(Lane[] all, long[] seen) {
            for (int j = 0; j < all.length; j++) {
                seen[j] = all[j].taken;
            }
        }

        /** Runs one task of a lane whose thread took none while this one waited; true if it ran one. */
        private boolean help(Lane[] all, long[] seen) {
            for (int k = 1; k < all.length; k++) {
                Lane other = all[(index + k) % all.length];
                if (other.taken == seen[other.index] && other.thread != null) {
                    Runnable r = other.queue.poll();
                    if (r != null) {
                        r.run();
                        return true;
                    }
                }
            }
            return false;
        }

        @Override
        public void shutdown() {
            shutdown = true;
            Thread t = thread;
            if (t != null) {
                LockSupport.unpark(t);
            }
            // The actor system is going: once every lane it started is shut, forget the set.
            for (Lane l : set.lanes) {
                if (l.thread != null && !l.shutdown) {
                    return;
                }
            }
            SETS.remove(set.token, set);
        }

        @Override
        public List<Runnable> shutdownNow() {
            shutdown();
            List<Runnable> left = new ArrayList<>(queue);
            queue.clear();
            return left;
        }

        @Override
        public boolean isShutdown() {
            return shutdown;
        }

        @Override
        public boolean isTerminated() {
            Thread t = thread;
            return shutdown && (t == null || !t.isAlive());
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
            Thread t = thread;
            if (t != null) {
                t.join(Math.max(1, unit.toMillis(timeout)));
            }
            return isTerminated();
        }
    }

    /**
     * What Pekko instantiates for {@code executor = "org.nowemu.actors.runtime.LaneExecutor$Configurator"}: reads
     * {@code lane-set}, {@code lane}, {@code lanes}, {@code spin} and {@code park} (ns) from the dispatcher's
     * config (written by {@link Lanes#config()}).
     */
    public static final class Configurator extends ExecutorServiceConfigurator {
        private final Lane lane;

        public Configurator(Config config, DispatcherPrerequisites prerequisites) {
            super(config, prerequisites);
            int lanes = config.getInt("lanes");
            long spin = config.getLong("spin-ns");
            long park = config.getLong("park-ns");
            Set set = SETS.computeIfAbsent(config.getString("lane-set"), k -> new Set(k, lanes, spin, park));
            this.lane = set.lanes[config.getInt("lane")];
        }

        @Override
        public ExecutorServiceFactory createExecutorServiceFactory(String id, ThreadFactory threadFactory) {
            return () -> {
                lane.start(threadFactory);
                return lane;
            };
        }
    }
}
