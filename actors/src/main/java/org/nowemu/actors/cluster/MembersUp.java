package org.nowemu.actors.cluster;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.UniqueAddress;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;

/**
 * Follows the cluster's membership from its events (the current members first, then each change) and
 * completes the futures of those waiting for this member to be Up with enough others: how a run waits for
 * its members, and a member for its join, without polling.
 */
final class MembersUp {

    sealed interface Command {
    }

    /** Complete {@code up} once this member is Up and {@code n} members in all are. */
    record Await(int n, CompletableFuture<Void> up) implements Command {
    }

    private record Changed(ClusterEvent.MemberEvent event) implements Command {
    }

    private final UniqueAddress self;
    /** Only counted and looked up, never iterated. */
    private final Set<UniqueAddress> up = new HashSet<>();
    private final List<Await> waiting = new ArrayList<>();

    static Behavior<Command> create() {
        return Behaviors.setup(ctx -> new MembersUp(ctx).behavior());
    }

    private MembersUp(ActorContext<Command> ctx) {
        Cluster cluster = Cluster.get(ctx.getSystem());
        self = cluster.selfMember().uniqueAddress();
        cluster.subscriptions().tell(Subscribe.create(ctx.messageAdapter(ClusterEvent.MemberEvent.class,
                Changed::new), ClusterEvent.MemberEvent.class));
    }

    private Behavior<Command> behavior() {
        return Behaviors.receive(Command.class)
                .onMessage(Await.class, this::onAwait)
                .onMessage(Changed.class, this::onChanged)
                .build();
    }

    private Behavior<Command> onAwait(Await a) {
        waiting.add(a);
        release();
        return Behaviors.same();
    }

    private Behavior<Command> onChanged(Changed c) {
        if (c.event().member().status() == MemberStatus.up()) {
            up.add(c.event().member().uniqueAddress());
        } else {
            up.remove(c.event().member().uniqueAddress());
        }
        release();
        return Behaviors.same();
    }

    private void release() {
        if (!up.contains(self)) {
            return;
        }
        waiting.removeIf(a -> {
            if (up.size() < a.n()) {
                return false;
            }
            a.up().complete(null);
            return true;
        });
    }
}
