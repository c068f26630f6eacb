package org.nowemu.workloads.motifs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.parts.multicast.MulticastReach;

/**
 * The broadcast by the stack's multicast (a phase's {@code via}): its schedule against its definition for 1, 2, 3, 8
 * and 13 ranks, and how {@code tree}, {@code multicast} and {@code auto} resolve against what a stack's multicast
 * reaches (LFC's and FM/MC's NIC forwarding take consecutive hosts only, FM/MC one packet; PM's multisend any list).
 */
class BroadcastViaTest {
    private static final long B = 100;

    private static final MulticastReach LFC = new MulticastReach(MulticastMode.NI, false, Integer.MAX_VALUE);
    private static final MulticastReach FMMC = new MulticastReach(MulticastMode.NI, false, 128);
    private static final MulticastReach PM = new MulticastReach(MulticastMode.MULTISEND, true, Integer.MAX_VALUE);

    private static final List<Integer> FIRST_8 = List.of(0, 1, 2, 3, 4, 5, 6, 7);
    private static final List<Integer> EVERY_2 = List.of(0, 2, 4, 6);

    /**
     * The root hands one multicast to its library and takes nothing; every other rank takes exactly one message,
     * of B bytes, from rank 0, and has the root's data. One rank: nothing at all (no one to send to).
     */
    @Test
    void theRootMulticastsOnceAndEveryOtherRankTakesOneMessageFromIt() {
        for (int n : new int[] {1, 2, 3, 8, 13}) {
            Run r = new Run(Motifs.iteration("broadcast", n, B, Via.MULTICAST));
            assertEquals(n == 1 ? 0 : 1, r.sent[0], "n=" + n);
            assertEquals(0, r.received(0), "n=" + n);
            for (int d = 1; d < n; d++) {
                assertEquals("0", r.from(d), "n=" + n + " d=" + d);
                assertEquals(B, r.received(d), "n=" + n + " d=" + d);
                assertEquals(0, r.sent[d], "n=" + n + " d=" + d);
                assertTrue((r.known[d] & 1) != 0, "rank " + d + " has the root's data");
            }
        }
        // The tree's 13 ranks send 12 messages among them, the root 4 (to 8, 4, 2, 1); by multicast the root one.
        long tree = 0;
        Run t = new Run(Motifs.iteration("broadcast", 13, B, Via.TREE));
        for (long s : t.sent) {
            tree += s;
        }
        assertEquals(12, tree);
        assertEquals(4, t.sent[0]);
    }

    @Test
    void autoTakesTheMulticastWhereItReachesAndTheTreeElsewhere() {
        assertEquals(Via.MULTICAST, Via.AUTO.resolve("broadcast", "lfc", LFC, FIRST_8, 1 << 20));
        assertEquals(Via.MULTICAST, Via.AUTO.resolve("broadcast", "pm", PM, EVERY_2, B));
        assertEquals(Via.MULTICAST, Via.AUTO.resolve("broadcast", "fmmc", FMMC, FIRST_8, 128));
        // Beyond the reach: hosts 0, 2, 4, 6 on a NIC tree; 129 B on FM/MC's one packet; no multicast at all.
        assertEquals(Via.TREE, Via.AUTO.resolve("broadcast", "lfc", LFC, EVERY_2, B));
        assertEquals(Via.TREE, Via.AUTO.resolve("broadcast", "fmmc", FMMC, FIRST_8, 129));
        assertEquals(Via.TREE, Via.AUTO.resolve("broadcast", "fm2", MulticastReach.NONE, FIRST_8, B));
        // Other motifs are point to point whatever auto says; tree is always the tree.
        assertEquals(Via.TREE, Via.AUTO.resolve("allreduce", "lfc", LFC, FIRST_8, B));
        assertEquals(Via.TREE, Via.TREE.resolve("broadcast", "lfc", LFC, FIRST_8, B));
    }

    @Test
    void aMulticastThatCannotBeHadSaysWhy() {
        assertEquals("stack fm2 has no multicast; its broadcast of 100 B to 8 hosts needs via = tree",
                assertThrows(IllegalArgumentException.class,
                        () -> Via.MULTICAST.resolve("broadcast", "fm2", MulticastReach.NONE, FIRST_8, B))
                        .getMessage());
        assertEquals("stack lfc multicasts to consecutive hosts only (a packet names its group by first host and"
                + " size); its broadcast of 100 B to 4 hosts needs via = tree",
                assertThrows(IllegalArgumentException.class,
                        () -> Via.MULTICAST.resolve("broadcast", "lfc", LFC, EVERY_2, B)).getMessage());
        assertEquals("stack fmmc multicasts messages of at most 128 B (one packet); its broadcast of 4096 B to 8"
                + " hosts needs via = tree", assertThrows(IllegalArgumentException.class,
                        () -> Via.MULTICAST.resolve("broadcast", "fmmc", FMMC, FIRST_8, 4096)).getMessage());
        assertEquals("only the broadcast motif goes by multicast; allreduce is point to point (via = tree or auto)",
                assertThrows(IllegalArgumentException.class,
                        () -> Via.MULTICAST.resolve("allreduce", "lfc", LFC, FIRST_8, B)).getMessage());
        assertEquals("unknown via 'sideways' (known: tree, multicast, auto)",
                assertThrows(IllegalArgumentException.class, () -> Via.named("sideways")).getMessage());
    }
}
