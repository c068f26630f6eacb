package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LanesTest {
    static List<Integer> lanesOf(Lanes l, int p, int partitions, int n) {
        List<Integer> out = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            out.add(l.ofComponent(p, partitions, k, n));
        }
        return out;
    }

    @Test
    void withAtLeastAsManyPartitionsAsLanesAPartitionStaysOnOneLane() {
        Lanes l = new Lanes(2, 10);
        // Four partitions on two lanes: 0 and 2 on lane 0, 1 and 3 on lane 1, coordinators included.
        assertEquals(List.of(0, 1, 0, 1), List.of(l.ofCoordinator(0, 4), l.ofCoordinator(1, 4), l.ofCoordinator(2, 4),
                l.ofCoordinator(3, 4)));
        assertEquals(List.of(1, 1, 1), lanesOf(l, 3, 4, 3));
    }

    @Test
    void withFewerPartitionsThanLanesAPartitionSpreadsOverItsShareInBlocks() {
        Lanes l = new Lanes(4, 10);
        // One partition, four lanes: eight components in blocks of two; the coordinator on lane 0.
        assertEquals(0, l.ofCoordinator(0, 1));
        assertEquals(List.of(0, 0, 1, 1, 2, 2, 3, 3), lanesOf(l, 0, 1, 8));
        // Three partitions on eight lanes: shares [0,2), [2,5), [5,8).
        Lanes eight = new Lanes(8, 10);
        assertEquals(List.of(0, 2, 5), List.of(eight.ofCoordinator(0, 3), eight.ofCoordinator(1, 3), eight.ofCoordinator(2, 3)));
        assertEquals(List.of(2, 2, 3, 3, 4, 4), lanesOf(eight, 1, 3, 6));
    }

    @Test
    void everyLaneGetsADispatcherDefinition() {
        String conf = new Lanes(3, 7).config();
        for (int i = 0; i < 3; i++) {
            assertEquals(true, conf.contains(Lanes.dispatcher(i) + " {"), conf);
        }
        // Level 7 spins 7 x 2us before helping or parking.
        assertEquals(true, conf.contains("spin-ns = 14000"), conf);
        assertEquals(true, conf.contains("park-ns = 50000"), conf);
    }
}
