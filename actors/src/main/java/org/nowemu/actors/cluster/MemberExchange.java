package org.nowemu.actors.cluster;

import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.nowemu.actors.runtime.ComponentReport;
import org.nowemu.actors.runtime.Event;
import org.nowemu.actors.runtime.Exchange;
import org.nowemu.actors.runtime.PartitionActor;
import org.nowemu.actors.runtime.RunFailure;

/**
 * The {@link Exchange} of a member's partition: inside a global window [T, E) granted by the coordinator, it
 * opens the member's own windows of the model's lookahead one after the other, with no message to anyone else
 * (no other member can send anything earlier than E: E - T is at most the smallest delay of a cut connection);
 * when nothing is left before E it reports once to the coordinator, with every message for other members
 * produced meanwhile. So the cross-member barrier costs one message each way per global window, whatever the
 * number of components.
 *
 * <p>Called by the partition's sub-coordinator and (for {@link #open}) by the member's agent, never at once:
 * the coordinator's round trip orders them.
 */
final class MemberExchange implements Exchange {
    private static final int REPORTS_PER_MESSAGE = 500;
    private final long job;
    private final int member;
    private final long lookahead;
    private final ActorRef<Coordinator.Command> coordinator;
    private ActorRef<PartitionActor.Command> partition;
    private long globalEnd = Long.MIN_VALUE;
    private ArrayList<Event> outgoing = new ArrayList<>();
    private long outMin = Long.MAX_VALUE;
    private long handled;
    private long activations;
    private RunFailure failure;

    MemberExchange(long job, int member, long lookahead, ActorRef<Coordinator.Command> coordinator) {
        this.job = job;
        this.member = member;
        this.lookahead = lookahead;
        this.coordinator = coordinator;
    }

    ActorRef<PartitionActor.Command> partition() {
        return partition;
    }

    /** The coordinator granted [start, end): run the member's windows inside it. */
    void open(long start, long end, List<Event> incoming) {
        globalEnd = end;
        partition.tell(new PartitionActor.OpenWindow(start, Math.min(start + lookahead, end), incoming));
    }

    @Override
    public void register(int p, ActorRef<PartitionActor.Command> coordinatorOfPartition) {
        partition = coordinatorOfPartition;
        coordinator.tell(new Coordinator.Ready(job, member));
    }

    @Override
    public void windowClosed(int p, long localMin, List<List<Event>> out, long handledInWindow, long activated,
                             RunFailure partitionFailure) {
        handled += handledInWindow;
        activations += activated;
        if (partitionFailure != null && partitionFailure.before(failure)) {
            failure = partitionFailure;
        }
        if (out != null) {
            for (List<Event> l : out) {
                if (l != null) {
                    for (Event e : l) {
                        outgoing.add(e);
                        outMin = Math.min(outMin, e.time());
                    }
                }
            }
        }
        // Messages sent out fall at or after the global end, so an earlier minimum is local work.
        if (failure == null && localMin < globalEnd) {
            partition.tell(new PartitionActor.OpenWindow(localMin, Math.min(localMin + lookahead, globalEnd),
                    List.of()));
            return;
        }
        coordinator.tell(new Coordinator.WindowDone(job, member, Math.min(localMin, outMin), outgoing, handled,
                activations, failure));
        outgoing = new ArrayList<>();
        outMin = Long.MAX_VALUE;
        handled = 0;
        activations = 0;
    }

    @Override
    public void finished(int p, List<ComponentReport> reports, RunFailure partitionFailure) {
        RunFailure f = partitionFailure != null && partitionFailure.before(failure) ? partitionFailure : failure;
        int n = reports.size();
        for (int from = 0; from < n || from == 0; from += REPORTS_PER_MESSAGE) {
            int to = Math.min(n, from + REPORTS_PER_MESSAGE);
            ArrayList<ComponentReport> chunk = new ArrayList<>(to - from);
            for (ComponentReport r : reports.subList(from, to)) {
                chunk.add(Wire.portable(r));
            }
            coordinator.tell(new Coordinator.Reports(job, member, chunk, to == n, f));
            if (n == 0) {
                break;
            }
        }
    }
}
