package org.nowemu.actors.runtime;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * Runs a {@link Model} on one JVM: starts the run's first lane's host ({@link LaneActor}, on the JVM's actor system
 * for lanes, {@link LocalHosts}), which builds the components, lets the {@link Planner} choose the lanes and starts
 * the other lanes' hosts; the lanes run their shares to the horizon ({@link LaneGroup}); returns the
 * {@link RunResult}. A component failure ends the run with
 * an {@link EmulationException}. With {@code nowemu.runtime.engine = sequential} the {@link SequentialEngine} runs
 * the model instead, on this thread.
 */
public final class Emulation {
    private Emulation() {
    }

    /**
     * Waits for a run's outcome: its value, or the failure it completed with (an {@link EmulationException}
     * for a failed run) thrown as it is.
     */
    public static <T> T await(java.util.concurrent.CompletableFuture<T> outcome) {
        try {
            return outcome.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmulationException("interrupted");
        }
    }

    /** Runs with the configuration on the class path (reference.conf of every module). */
    public static RunResult run(Model model, RuntimeSettings settings, long horizonPs) {
        return run(model, settings, horizonPs, ConfigFactory.load(), new RunProgress());
    }

    /**
     * @param horizonPs messages at or after this virtual time are not handled
     * @param config    the resolved configuration; its {@code pekko} section configures the actor system
     */
    public static RunResult run(Model model, RuntimeSettings settings, long horizonPs, Config config, RunProgress progress) {
        return run(model, settings, horizonPs, config, progress, settings.planner().coresHere());
    }

    /** The same, with the lanes chosen for {@code cores} cores when {@code nowemu.runtime.threads} is 0. */
    public static RunResult run(Model model, RuntimeSettings settings, long horizonPs, Config config, RunProgress progress,
                                int cores) {
        if (model.size() == 0) {
            throw new IllegalArgumentException("the model has no components");
        }
        if (settings.engine() == RuntimeSettings.Engine.SEQUENTIAL) {
            return SequentialEngine.run(model, settings, horizonPs, progress);
        }
        LocalLanes lanes = new LocalLanes(model, settings, horizonPs, progress, cores);
        long wallStart = System.nanoTime(); // speed figures only; nothing emulated reads it
        LocalHosts.start(config, new LaneActor.Lead(lanes));
        List<ComponentReport> reports = await(lanes.done());
        double wall = (System.nanoTime() - wallStart) / 1e9;
        RunResult r = RunResult.assemble(reports, lanes.windows(), lanes.activations(), model.lookahead(), wall,
                lanes.report());
        progress.update(r.finalTimePs(), r.events());
        return r;
    }
}
