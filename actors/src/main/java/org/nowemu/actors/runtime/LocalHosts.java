package org.nowemu.actors.runtime;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigRenderOptions;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * The actor systems that host the lanes of runs on one JVM: one per distinct {@code pekko} configuration, started
 * by the first run that needs it and kept for the next ones (a JVM running a sweep, a suite, the bench or the tests
 * runs many models), with daemon threads so that they never keep the JVM alive. Starting an actor system took
 * 0.1 to 0.3 s here, as long as a short run itself. Each run spawns its own first lane's host under the system's
 * guardian; the hosts stop when their run ends, so a finished run leaves nothing behind but the system.
 */
final class LocalHosts {
    private static final TreeMap<String, ActorSystem<LaneActor.Lead>> SYSTEMS = new TreeMap<>(); // looked up by key
    private static final AtomicLong RUNS = new AtomicLong();

    private LocalHosts() {
    }

    /** Starts {@code lead}'s first lane's host on the system for {@code config}'s {@code pekko} section. */
    static void start(Config config, LaneActor.Lead lead) {
        system(config).tell(lead);
    }

    private static synchronized ActorSystem<LaneActor.Lead> system(Config config) {
        String key = config.hasPath("pekko") ? config.getConfig("pekko").root().render(ConfigRenderOptions.concise()) : "";
        ActorSystem<LaneActor.Lead> s = SYSTEMS.get(key);
        if (s == null || s.whenTerminated().isCompleted()) {
            Behavior<LaneActor.Lead> guardian = Behaviors.setup(ctx -> Behaviors.receiveMessage(lead -> {
                ctx.spawn(LaneActor.create(), "run-" + RUNS.incrementAndGet(), LaneActor.dispatcher()).tell(lead);
                return Behaviors.same();
            }));
            Config own = ConfigFactory.parseString("pekko.daemonic = on").withFallback(config);
            s = ActorSystem.create(guardian, "nowemu", own);
            SYSTEMS.put(key, s);
        }
        return s;
    }
}
