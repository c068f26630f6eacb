package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The lanes of a fat tree are whole subtrees, the cut among the top switches, far from the hosts' work. A 2-ary
 * 3-tree built by hand: 8 hosts, 3 levels of 4 switches. A level-l switch s links up to the two level-(l+1)
 * switches whose number differs from s at most in bit l: level 0 to level 1 by bit 0 (s and s^1), level 1 to 2
 * by bit 1 (s and s^2). Each level-0 switch is a placement group with its two hosts; every other switch is a group
 * of its own.
 */
class TreeCutTest {
    static final int WIDTH = 4;

    /** The cut reads only the model's groups and connections: its components never run here. */
    static final class Idle extends Component {
        @Override
        protected Receive createReceive() {
            return Receive.builder().build();
        }
    }

    /** Switch (level, s) has id level*4 + s; host h has id 12 + h, on level-0 switch h/2. */
    static Model tree() {
        ModelBuilder b = new ModelBuilder();
        for (int l = 0; l < 3; l++) {
            for (int s = 0; s < WIDTH; s++) {
                int id = b.add("sw" + l + "." + s, Idle::new);
                b.group(id, l * WIDTH + s);
            }
        }
        for (int h = 0; h < 8; h++) {
            int id = b.add("host" + h, Idle::new);
            b.group(id, h / 2);
            cable(b, h / 2, id);
        }
        for (int l = 0; l < 2; l++) {
            for (int s = 0; s < WIDTH; s++) {
                cable(b, l * WIDTH + s, (l + 1) * WIDTH + s);
                cable(b, l * WIDTH + s, (l + 1) * WIDTH + (s ^ (1 << l)));
            }
        }
        return b.build();
    }

    static void cable(ModelBuilder b, int x, int y) {
        b.connect(x, y, 50).connect(y, x, 50);
    }

    @Test
    void twoLanesAreTwoSubtreesAndHalfTheTopSwitches() {
        Model model = tree();
        int[] all = new int[model.size()];
        Arrays.setAll(all, i -> i);
        // A pilot that saw only the hosts at work (as a pilot stretch at a run's start does): 10 events a host,
        // 1 a switch. The level-0 groups weigh 1 + 2*10 = 21 (heavy: the mean group weighs (4*21 + 8)/12 = 7.7),
        // the other switches 1 (light). Lane 0 grows from level-0 switch 0 and takes the nearest heavy group:
        // switch 1, 2 hops away through level 1 (switches 2 and 3 are 4 hops away, through level 2); 42 is its
        // share of 84. Lane 1 takes level-0 switches 2 and 3.
        long[] weight = new long[model.size()];
        Arrays.fill(weight, 1);
        Arrays.fill(weight, 12, 20, 10);
        TopologyPlacement.Assigned a = TopologyPlacement.assign(model, all, weight, 2);
        // Level-1 switches 0 and 1 are 1 hop from lane 0 and 3 from lane 1: they join lane 0, and 2 and 3 lane 1.
        // Each top switch links down to level-1 switches s and s^2, one in each lane: 2 hops from both, so they go
        // to the lighter lane so far, in turn (both weigh 44 after level 1): 0 to lane 0, 1 to lane 1, and so on.
        int[] expected = {0, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1};
        assertArrayEquals(expected, a.partOf());
        assertEquals(2, a.parts());
        // Only cables between level 1 and the top are cut: each top switch has one of its two down cables in the
        // other lane, 4 cables, 8 connections one way each.
        int cut = 0;
        for (int id = 0; id < model.size(); id++) {
            for (int target : model.connections(id).targets()) {
                cut += a.partOf()[id] != a.partOf()[target] ? 1 : 0;
            }
        }
        assertEquals(8, cut);
        // By component count alone (lanes set by hand, no pilot), the level-0 groups weigh 3 against 1 and are still
        // the heavy ones: the same cut.
        assertArrayEquals(expected, TopologyPlacement.assign(model, all, null, 2).partOf());
    }
}
