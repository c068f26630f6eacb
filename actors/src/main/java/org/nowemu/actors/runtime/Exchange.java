package org.nowemu.actors.runtime;

import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * The window barrier and the exchange of messages between partitions. Each partition's sub-coordinator
 * reports the end of every window here with the messages it has for other partitions and its earliest
 * pending time; when all partitions have reported, the exchange opens the next window
 * [T, min(T + lookahead, horizon)) with T the global earliest time, handing each partition the messages sent
 * to it, or tells every partition to finish. {@link LocalExchange} runs the partitions of one JVM; a cluster
 * implementation carries the same reports between JVMs.
 */
public interface Exchange {

    /** A partition's sub-coordinator is ready; the run begins when all are. */
    void register(int partition, ActorRef<PartitionActor.Command> coordinator);

    /**
     * A partition finished a window (or the start phase).
     *
     * @param localMin  earliest time of any message pending in the partition or sent out of it (ps)
     * @param earliestOutput earliest time its pending work could make it send to another partition (ps): at
     *                  least {@code localMin}'s pending part, more when it was given {@link ExitDelays}
     * @param outgoing  messages for each other partition, by partition index (null entries: none)
     * @param handled   messages handled in the window
     * @param activations units activated in the window ({@link Units}: a component, or several activated as one)
     * @param failure   the earliest handler failure in the partition, or null
     */
    void windowClosed(int partition, long localMin, long earliestOutput, List<List<Event>> outgoing, long handled,
                      long activations, RunFailure failure);

    /**
     * A partition finished the run and hands over its components' final reports, with the earliest failure of
     * their {@code onFinish} (or null).
     */
    void finished(int partition, List<ComponentReport> reports, RunFailure failure);
}
