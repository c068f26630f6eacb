package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class ExitDelaysTest {
    // Only the connections matter here: no component is ever created.
    private static final java.util.function.Supplier<Component> IDLE = () -> null;

    @Test
    void exitDelayIsTheShortestChainOfDelaysToAnotherPartition() {
        // Partition 0: a -> b (10), b -> c (20), a -> c (50), c -> d (5) where d is in partition 1; d -> e (7)
        // inside partition 1, and e reaches nothing. So c: 5; b: 20 + 5 = 25; a: min(10 + 25, 50 + 5) = 35;
        // d: can only pass work to e, which has no way out: never; e: never.
        ModelBuilder mb = new ModelBuilder();
        int a = mb.add("a", IDLE);
        int b = mb.add("b", IDLE);
        int c = mb.add("c", IDLE);
        int d = mb.add("d", IDLE);
        int e = mb.add("e", IDLE);
        mb.connect(a, b, 10).connect(b, c, 20).connect(a, c, 50).connect(c, d, 5).connect(d, e, 7);
        Placement p = Placement.of(new int[] {0, 0, 0, 1, 1}, 2);
        assertArrayEquals(new long[] {35, 25, 5, Long.MAX_VALUE, Long.MAX_VALUE}, ExitDelays.of(mb.build(), p));
    }

    @Test
    void aComponentThatMaySendAnywhereLeavesWithinItsLeastDelay() {
        // PHOLD-like: each may send to anyone after 1000, and x also to y after 100 (same partition); y's way out
        // is its own 1000, so x's is min(1000, 100 + 1000) = 1000. On one partition nothing ever leaves.
        ModelBuilder mb = new ModelBuilder();
        int x = mb.add("x", IDLE);
        int y = mb.add("y", IDLE);
        int z = mb.add("z", IDLE);
        mb.connectToAll(x, 1_000).connectToAll(y, 1_000).connectToAll(z, 1_000).connect(x, y, 100);
        Model m = mb.build();
        assertArrayEquals(new long[] {1_000, 1_000, 1_000}, ExitDelays.of(m, Placement.of(new int[] {0, 0, 1}, 2)));
        long never = Long.MAX_VALUE;
        assertArrayEquals(new long[] {never, never, never}, ExitDelays.of(m, Placement.of(new int[] {0, 0, 0}, 1)));
    }
}
