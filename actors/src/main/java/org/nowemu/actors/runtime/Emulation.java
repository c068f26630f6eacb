package org.nowemu.actors.runtime;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.ChildFailed;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * Runs a {@link Model} on one JVM: starts an actor system with one dispatcher lane per thread
 * ({@link Lanes}), one {@link PartitionActor} per partition (each spawning its components), and a
 * {@link LocalExchange} between them; waits until no message is left before the horizon; returns the
 * {@link RunResult}. A component failure ends the run with an {@link EmulationException}. With
 * {@code nowemu.runtime.engine = sequential} the {@link SequentialEngine} runs the model instead, on this thread.
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

    /** The HOCON defining {@code lanes} lane dispatchers, for an actor system that hosts partitions. */
    public static String laneConfig(int lanes, int idleCpuLevel) {
        return new Lanes(lanes, idleCpuLevel).config();
    }

    /** Where a partition's sub-coordinator runs: the first lane. */
    public static DispatcherSelector firstLane() {
        return DispatcherSelector.fromConfig(Lanes.dispatcher(0));
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
        if (model.size() == 0) {
            throw new IllegalArgumentException("the model has no components");
        }
        if (settings.engine() == RuntimeSettings.Engine.SEQUENTIAL) {
            return SequentialEngine.run(model, settings, horizonPs, progress);
        }
        Placement placement = Placement.blocks(model.size(), settings.partitions());
        // With several partitions each reports its earliest output time, and the exchange opens windows up to
        // the least of them (a partition cannot send to another before it) rather than one lookahead long.
        long[] exits = placement.partitions() > 1 ? ExitDelays.of(model, placement) : null;
        LocalExchange exchange = new LocalExchange(placement.partitions(), model.lookahead(), horizonPs, progress, exits);
        Lanes lanes = new Lanes(settings.threads(), settings.idleCpuLevel(), settings.laneParkNs());
        Behavior<Void> root = Behaviors.setup(ctx -> {
            int parts = placement.partitions();
            Map<ActorRef<PartitionActor.Command>, Integer> index = new HashMap<>(); // looked up only, never iterated
            for (int p = 0; p < parts; p++) {
                ActorRef<PartitionActor.Command> ref = ctx.spawn(PartitionActor.create(p, placement, model, settings,
                        exchange, lanes, exits), "partition-" + p,
                        DispatcherSelector.fromConfig(Lanes.dispatcher(lanes.ofCoordinator(p, parts))));
                ctx.watch(ref);
                index.put(ref, p);
            }
            return Behaviors.receive(Void.class)
                    .onSignal(ChildFailed.class, f -> {
                        exchange.stopped(index.get(f.getRef().<PartitionActor.Command>unsafeUpcast()), String.valueOf(f.getCause()));
                        return Behaviors.same();
                    })
                    .onSignal(Terminated.class, t -> {
                        exchange.stopped(index.get(t.getRef().<PartitionActor.Command>unsafeUpcast()), "stopped");
                        return Behaviors.same();
                    })
                    .build();
        });
        Config systemConfig = ConfigFactory.parseString(lanes.config()).withFallback(config);
        long wallStart = System.nanoTime(); // speed figures only; nothing emulated reads it
        ActorSystem<Void> system = ActorSystem.create(root, "nowemu", systemConfig);
        try {
            List<ComponentReport> reports = await(exchange.done());
            double wall = (System.nanoTime() - wallStart) / 1e9;
            return RunResult.assemble(reports, exchange.windows(), exchange.activations(), model.lookahead(), wall);
        } finally {
            system.terminate();
            try {
                system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // the run's outcome is already decided; a slow shutdown does not change it
            }
        }
    }
}
