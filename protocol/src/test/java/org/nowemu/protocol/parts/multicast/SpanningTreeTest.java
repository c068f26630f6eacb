package org.nowemu.protocol.parts.multicast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayDeque;
import org.junit.jupiter.api.Test;

/** The spanning tree reaches every member once, from any root, with one parent each. */
class SpanningTreeTest {
    /**
     * Binary tree over hosts 0..6 from root 2: ranks are (host - 2) mod 7, so rank r is host (r + 2) mod 7. Rank 0
     * (host 2) has ranks 1, 2 (hosts 3, 4); rank 1 (host 3) ranks 3, 4 (hosts 5, 6); rank 2 (host 4) ranks 5, 6
     * (hosts 0, 1); the rest are leaves. Depth 2.
     */
    @Test
    void aBinaryTreeByRelativeRank() {
        SpanningTree t = SpanningTree.all(7, 2);
        assertArrayEquals(new int[] {3, 4}, t.children(2, 2));
        assertArrayEquals(new int[] {5, 6}, t.children(2, 3));
        assertArrayEquals(new int[] {0, 1}, t.children(2, 4));
        assertArrayEquals(new int[0], t.children(2, 5));
        assertEquals(-1, t.parent(2, 2));
        assertEquals(4, t.parent(2, 1));
        assertEquals(2, t.depth());
        assertThrows(IllegalArgumentException.class, () -> t.children(9, 2));
    }

    /** Walking down from every root, for groups of 1 to 64 and fan-outs 1 to 4: every member reached exactly once. */
    @Test
    void everyMemberIsReachedExactlyOnceFromEveryRoot() {
        for (int fanout = 1; fanout <= 4; fanout++) {
            for (int n = 1; n <= 64; n++) {
                int[] members = new int[n];
                for (int i = 0; i < n; i++) {
                    members[i] = 3 * i + 1; // not 0..n-1: the tree works on any host list
                }
                SpanningTree t = new SpanningTree(members, fanout);
                for (int root : members) {
                    int[] reached = new int[3 * n + 2];
                    ArrayDeque<Integer> q = new ArrayDeque<>();
                    q.add(root);
                    reached[root]++;
                    int maxHops = 0;
                    int[] hops = new int[3 * n + 2];
                    while (!q.isEmpty()) {
                        int h = q.poll();
                        for (int child : t.children(root, h)) {
                            reached[child]++;
                            hops[child] = hops[h] + 1;
                            maxHops = Math.max(maxHops, hops[child]);
                            assertEquals(h, t.parent(root, child));
                            q.add(child);
                        }
                    }
                    for (int m : members) {
                        assertEquals(1, reached[m], "n " + n + " fan-out " + fanout + " root " + root + " member " + m);
                    }
                    assertEquals(t.depth(), maxHops, "n " + n + " fan-out " + fanout);
                }
            }
        }
    }

    /** A NIC buffer is freed only when the packet is both forwarded to every child and copied to the host. */
    @Test
    void aForwardingBufferIsFreedWhenForwardedAndDelivered() {
        ForwardingBuffers b = new ForwardingBuffers("NIC 1", 4, 2);
        ForwardingBuffers.Held x = b.take(0, "x", 2, true);
        ForwardingBuffers.Held y = b.take(0, "y", 0, true);
        assertThrows(IllegalStateException.class, () -> b.take(0, "z", 0, true), "a third packet from NIC 0 overflows");
        assertEquals(false, b.forwarded(x));
        assertEquals(false, b.delivered(x));
        assertEquals(true, b.forwarded(x));
        assertEquals(true, b.delivered(y));
        assertEquals(0, b.inUse());
        assertEquals(2, b.highWater());
        b.take(0, "z", 0, true);
    }
}
