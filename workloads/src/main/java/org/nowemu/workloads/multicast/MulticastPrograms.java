package org.nowemu.workloads.multicast;

import java.util.List;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.parts.multicast.Multicaster;
import org.nowemu.protocol.parts.multicast.RepeatedSends;
import org.nowemu.protocol.parts.multicast.SpanningTree;

/**
 * The programs of one stack's block of hosts: for each mode, each group size and each repetition, the block's
 * first host (the root) broadcasts one message to the group's first {@code n} hosts and every member runs its
 * handler; the root starts the next broadcast once every member has answered with a 4-byte acknowledgement (sent
 * after the member recorded when its handler ran, so the acknowledgements are not part of what is timed), and a
 * quiet gap has passed. In mode
 * {@code host} the members' programs forward the message to their children in a tree as soon as their handler has
 * run; in {@code ni} the system's NIC multicast carries it; in {@code multisend} the system's own multisend (PM's)
 * or, for a system without one, the root's program sends it to each member in turn.
 *
 * <p>Counters, per stack, mode and group size ({@code mcast.<stack>.<mode>.<n>.}): {@code r<k>.start_ps} (when the
 * root began broadcast k) and {@code r<k>.h<i>_ps} (when member i's handler ran for it).
 */
final class MulticastPrograms {
    private MulticastPrograms() {
    }

    static String key(String stack, MulticastMode mode, int n) {
        return "mcast." + stack + "." + mode.key() + "." + n + ".";
    }

    /** The program of host {@code first + i} in the block of stack {@code stack} that starts at host {@code first}. */
    static MessengerProgram program(String stack, List<MulticastMode> modes, MulticastSettings s, int first,
                                       int i) {
        return new Member(stack, modes, s, first, i);
    }

    private record Member(String stack, List<MulticastMode> modes, MulticastSettings s, int first, int i)
            implements MessengerProgram {
        @Override
        @continuable
        public void run(Messenger m) {
            long expected = 0;
            for (MulticastMode mode : modes) {
                for (int n : s.groups()) {
                    if (i >= n) {
                        continue;
                    }
                    int[] members = new int[n];
                    java.util.Arrays.setAll(members, k -> first + k);
                    SpanningTree tree = new SpanningTree(members, s.fanout());
                    String k = key(stack, mode, n);
                    for (int rep = 0; rep < s.repetitions(); rep++) {
                        if (i == 0) {
                            // A quiet gap first: what the last broadcast left (credit packets the root's NIC owes
                            // its 63 acknowledgers, say) is done before the next starts.
                            m.await(Long.MAX_VALUE, m.now() + s.gapPs());
                            m.counter(k + "r" + rep + ".start_ps").add(m.now());
                            switch (mode) {
                                case HOST -> forward(m, tree, first, s.bytes());
                                case NI -> multicaster(m, mode).multicast(first, n, s.bytes());
                                case MULTISEND -> multisend(m, members, s.bytes());
                                default -> throw new IllegalStateException(mode.key());
                            }
                            expected += n - 1;
                            m.await(expected);
                        } else {
                            m.await(++expected);
                            m.counter(k + "r" + rep + ".h" + i + "_ps").add(m.lastArrival());
                            if (mode == MulticastMode.HOST) {
                                forward(m, tree, first, s.bytes());
                            }
                            m.send(first, 4);
                        }
                    }
                }
            }
            m.await(Long.MAX_VALUE);
        }
    }

    @continuable
    private static void forward(Messenger m, SpanningTree tree, int root, int bytes) {
        for (int child : tree.children(root, m.host())) {
            m.send(child, bytes);
        }
    }

    private static Multicaster multicaster(Messenger m, MulticastMode mode) {
        if (m instanceof Multicaster c && c.mode() == mode) {
            return c;
        }
        throw new IllegalStateException("host " + m.host() + ": its system has no " + mode.key() + " multicast");
    }

    /** The system's own multisend (PM's, on the NIC) if it has one, else the root's program sends to each member. */
    @continuable
    private static void multisend(Messenger m, int[] group, int bytes) {
        if (m instanceof Multicaster c && c.mode() == MulticastMode.MULTISEND) {
            c.multicast(group[0], group.length, bytes);
        } else {
            RepeatedSends.send(m, group, bytes);
        }
    }
}
