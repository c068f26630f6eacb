package org.nowemu.actors.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.SpawnProtocol;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.ClusterSingleton;
import org.apache.pekko.cluster.typed.SingletonActor;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.EmulationException;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.runtime.RunResult;

/**
 * This JVM as a member of a nowemu cluster: starts the actor system with Artery on the configured address,
 * joins the seed nodes (or starts the cluster), runs a {@link MemberAgent} (it takes a partition of every run)
 * and the {@link Coordinator} singleton (active on the oldest member). {@link #run} submits a run and waits for
 * its result; {@link #awaitTermination} keeps a member that only serves.
 */
public final class ClusterRun implements AutoCloseable {
    private final ClusterSettings settings;
    private final ActorSystem<SpawnProtocol.Command> system;
    private final ActorRef<Coordinator.Command> coordinator;
    private final ActorRef<MembersUp.Command> membersUp;
    private long jobs;

    private ClusterRun(ClusterSettings settings, ActorSystem<SpawnProtocol.Command> system,
                       ActorRef<Coordinator.Command> coordinator, ActorRef<MembersUp.Command> membersUp) {
        this.settings = settings;
        this.system = system;
        this.coordinator = coordinator;
        this.membersUp = membersUp;
    }

    /**
     * Starts this member. {@code config} is the resolved configuration (nowemu and pekko sections); bad cluster
     * settings, an address not of this machine, a port already taken or a seed host nobody knows are a
     * {@link BadInputException}, found before Pekko starts. Joining goes on in the background:
     * {@link #awaitJoined} waits for it.
     */
    public static ClusterRun start(ClusterSettings cs, Config config, ModelSource source) {
        AddressCheck.check(cs);
        if (cs.transport().equals("aeron-udp")) {
            if (!Object.class.getModule().isOpen("sun.nio.ch", ClusterRun.class.getModule())) {
                throw new BadInputException("transport aeron-udp needs the JVM option --add-opens"
                        + " java.base/sun.nio.ch=ALL-UNNAMED (Aeron's media driver uses the JDK's selector;"
                        + " `java -jar` on nowemu's jar and ./nowemu give it)");
            }
            // Read by the embedded media driver as it starts (Aeron has no other way in through Pekko); the same
            // for every member of this JVM. Sparse files: memory for the terms a stream has actually written.
            System.setProperty("aeron.term.buffer.length", String.valueOf(cs.aeron().termLength()));
            System.setProperty("aeron.term.buffer.sparse.file", "true");
        }
        String own = cs.pekkoConfig();
        Config systemConfig = ConfigFactory.parseString(own).withFallback(config).resolve();
        ActorSystem<SpawnProtocol.Command> system;
        try {
            system = ActorSystem.create(SpawnProtocol.create(), cs.name(), systemConfig);
        } catch (RuntimeException | ExceptionInInitializerError | NoClassDefFoundError e) {
            // Aeron's media driver fails as an Error when its classes cannot initialise.
            Throwable cause = e instanceof ExceptionInInitializerError && e.getCause() != null ? e.getCause() : e;
            throw new BadInputException("cannot start a cluster member on " + cs.hostname() + ":" + cs.port()
                    + " over " + cs.transport() + ": " + cause.getMessage());
        }
        ActorRef<Coordinator.Command> proxy = ClusterSingleton.get(system).init(
                SingletonActor.of(Coordinator.create(source), "coordinator"));
        // Not on a lane: a lane's host keeps its thread for the whole run, and the agent must hear the other
        // members' reports while the lanes wait for them. On Artery's own dispatcher: the thread that decoded a
        // report usually handles it too, one thread's wake-up less in every global window (fat-tree-4096 over 2
        // JVMs: the exchange's share of the members' time 12% and 11% against 15% and 15%, the runs 67.1 and
        // 66.1 s against 72.3 and 71.8 s, in pairs; BENCHMARKS.md, "Two JVMs window by window"). Its work there is
        // short: the model is built on the lane's thread (MemberAgent.Prepare).
        spawn(system, MemberAgent.create(source, cs.lanes()), "agent",
                DispatcherSelector.fromConfig("pekko.remote.default-remote-dispatcher"));
        return new ClusterRun(cs, system, proxy, spawn(system, MembersUp.create(), "members-up"));
    }

    /** This member's address, {@code pekko://name@host:port}. */
    public String address() {
        return Cluster.get(system).selfMember().address().toString();
    }

    /** The port Artery bound. */
    public int port() {
        return (Integer) Cluster.get(system).selfMember().address().getPort().get();
    }

    /**
     * Waits until this member has joined the cluster of its seed nodes, at most {@code nowemu.cluster.seed-timeout}.
     * Nobody answering there is bad input: the seed nodes named are not a nowemu cluster this member may join
     * (not running, another cluster name or transport, unreachable).
     */
    public void awaitJoined() {
        if (!await(membersUp(1), new CompletableFuture<>(), settings.seedTimeoutMs())) {
            throw new BadInputException("no nowemu member answered at seed node" + (settings.seedNodes().size() > 1
                    ? "s " : " ") + String.join(", ", settings.seedNodes()) + " within " + seconds(settings.seedTimeoutMs())
                    + " (nowemu.cluster.seed-timeout); a member there must have the same nowemu.cluster.name and"
                    + " transport");
        }
    }

    /** Waits until this member and {@code n} members in all are up, or fails after {@code timeoutMs}. */
    public void awaitMembers(int n, long timeoutMs) {
        awaitMembers(n, timeoutMs, new CompletableFuture<>());
    }

    /**
     * The same, or fails as soon as {@code gone} completes (a member JVM this one started ended), with its
     * message.
     */
    public void awaitMembers(int n, long timeoutMs, CompletableFuture<String> gone) {
        if (!await(membersUp(n), gone, timeoutMs)) {
            throw new EmulationException("only " + upMembers() + " of " + n + " cluster members were up after "
                    + seconds(timeoutMs) + " (nowemu.cluster.join-timeout)");
        }
    }

    private CompletableFuture<Void> membersUp(int n) {
        CompletableFuture<Void> up = new CompletableFuture<>();
        membersUp.tell(new MembersUp.Await(n, up));
        return up;
    }

    /**
     * True when {@code up} completes first; an {@link EmulationException} when {@code gone} does or this member's
     * actor system stops (it was downed, or shut down); false after the wait.
     */
    private boolean await(CompletableFuture<Void> up, CompletableFuture<String> gone, long timeoutMs) {
        CompletableFuture<?> ended = system.getWhenTerminated().toCompletableFuture();
        try {
            // Wall time: waiting for processes to start and connect, not emulated time.
            CompletableFuture.anyOf(up, gone, ended).get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmulationException("interrupted while waiting for cluster members");
        }
        if (up.isDone()) {
            return true;
        }
        if (gone.isDone()) {
            throw new EmulationException(gone.join());
        }
        throw new EmulationException("this member " + address() + " stopped (downed or shut down) while waiting"
                + " for cluster members");
    }

    private static String seconds(long ms) {
        return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
    }

    /** Members currently up. */
    public int upMembers() {
        int up = 0;
        for (org.apache.pekko.cluster.Member m : Cluster.get(system).state().getMembers()) {
            if (m.status() == MemberStatus.up()) {
                up++;
            }
        }
        return up;
    }

    /**
     * Runs the model that {@code config} describes on at least {@code members} members, to {@code horizonPs};
     * {@code layout} hears where it was placed, then (on success) what the barrier cost. A failed component, a
     * lost member (the coordinator's included) or this member downed is an {@link EmulationException} with one
     * line naming it; so is a run not heard of for {@code nowemu.cluster.progress-timeout}. A run refused as
     * bad input (the cluster busy with another) is a {@link BadInputException}.
     */
    public RunResult run(Config config, long horizonPs, long lookaheadPs, int members, RunProgress display,
                         Consumer<String> layout) {
        return run(config, horizonPs, lookaheadPs, members, display, layout, new CompletableFuture<>());
    }

    /**
     * The same, but the run stops as soon as {@code gone} completes (a member JVM this one started ended: its
     * process is gone, no need to wait for the cluster to find it unreachable), failing with its message and
     * the last virtual time every member completed.
     */
    public RunResult run(Config config, long horizonPs, long lookaheadPs, int members, RunProgress display,
                         Consumer<String> layout, CompletableFuture<String> gone) {
        long job = ++jobs;
        String text = config.root().render(com.typesafe.config.ConfigRenderOptions.concise());
        Submitter.Watch watch = new Submitter.Watch();
        ActorRef<Submitter.Command> submitter = spawn(system, Submitter.create(new Submitter.Run(job, text, horizonPs,
                members, lookaheadPs, layout), coordinator, oldestUp(), watch), "submitter-" + job);
        Thread mirror = new Thread(() -> {
            while (!watch.result.isDone()) {
                display.update(watch.progress.virtualTime(), watch.progress.events());
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "nowemu-progress");
        mirror.setDaemon(true);
        mirror.start();
        try {
            CompletableFuture<Object> first = CompletableFuture.anyOf(watch.result, gone);
            // Wall time, for liveness only: how long the run has not been heard of. Nothing in the run reads it.
            long quiet = watch.quietMs();
            while (!first.isDone() && quiet < settings.progressTimeoutMs()) {
                try {
                    first.get(settings.progressTimeoutMs() - quiet, TimeUnit.MILLISECONDS);
                } catch (TimeoutException | ExecutionException e) {
                    // heard of since, perhaps: look again; or the run failed: thrown below
                }
                quiet = watch.quietMs();
            }
            if (!first.isDone()) {
                throw new EmulationException("no progress reported for " + seconds(settings.progressTimeoutMs())
                        + " (nowemu.cluster.progress-timeout)" + watch.stopped());
            }
            if (!watch.result.isDone()) {
                throw new EmulationException(gone.join() + watch.stopped());
            }
            return Emulation.await(watch.result);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmulationException("interrupted");
        } finally {
            mirror.interrupt();
            submitter.tell(Submitter.Stop.INSTANCE);
        }
    }

    /** The address of the oldest member up: where the coordinator singleton runs. */
    private String oldestUp() {
        org.apache.pekko.cluster.Member oldest = null;
        for (org.apache.pekko.cluster.Member m : Cluster.get(system).state().getMembers()) {
            if (m.status() == MemberStatus.up() && (oldest == null || m.isOlderThan(oldest))) {
                oldest = m;
            }
        }
        return oldest == null ? address() : oldest.address().toString();
    }

    private static <T> ActorRef<T> spawn(ActorSystem<SpawnProtocol.Command> system, Behavior<T> behavior, String name) {
        return spawn(system, behavior, name, Props.empty());
    }

    private static <T> ActorRef<T> spawn(ActorSystem<SpawnProtocol.Command> system, Behavior<T> behavior, String name,
                                         Props props) {
        CompletionStage<ActorRef<T>> ref = AskPattern.ask(system,
                replyTo -> new SpawnProtocol.Spawn<>(behavior, name, props, replyTo), Duration.ofSeconds(10),
                system.scheduler());
        try {
            return ref.toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmulationException("interrupted");
        } catch (ExecutionException | TimeoutException e) {
            if (system.getWhenTerminated().toCompletableFuture().isDone()) {
                // Downed (and shut down) between two steps: a lost member, not a defect.
                throw new EmulationException("this member " + system.address() + " stopped (downed or shut down)"
                        + " before " + name + " could start");
            }
            throw new IllegalStateException("cannot start actor " + name + ": " + e, e);
        }
    }

    /**
     * Deletes the transport's files of this JVM's members (aeron-udp: the media drivers' directories), for a JVM
     * about to halt: Pekko deletes them when a member closes, a shutdown hook when the JVM exits.
     */
    public static void deleteTransportFiles() {
        AeronFiles.deleteOwn();
    }

    /** Blocks until this member's actor system ends (a member that only serves runs). */
    public void awaitTermination() throws InterruptedException {
        try {
            system.getWhenTerminated().toCompletableFuture().get();
        } catch (ExecutionException e) {
            // terminated with a failure: nothing more to wait for
        }
    }

    @Override
    public void close() {
        Cluster.get(system).manager().tell(org.apache.pekko.cluster.typed.Leave.create(
                Cluster.get(system).selfMember().address()));
        system.terminate();
        try {
            system.getWhenTerminated().toCompletableFuture().get(15, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // the run's outcome is already decided
        }
    }
}
