package org.nowemu.protocol.parts.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.Ledger;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.topology.Port;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;
import org.nowemu.protocol.system.Stack;
import org.nowemu.protocol.system.SystemCluster;

/**
 * A message still held for resending when the run ends is pending, not lost. basic-acknack: h1's cable is cut for
 * good at 50 us; at 100 us h0 sends h1 three messages, which its NIC numbers, keeps (a window of 8) and resends at
 * each 200 us timeout. It would give them up after 20 timeouts (4 ms), but the run ends at 2 ms: the NIC still
 * holds all three, and the ledger says so (3 pending, none lost). Run to 10 ms instead, the NIC gives them up and
 * they come back unreachable.
 */
class PendingAtHorizonTest {
    private static RunResult run(long horizonPs) {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro");
        Topology t = AmNets.topology(r);
        Failures f = Failures.on(t).cable(new Port(t.hosts().get(1).index(), 0), 50_000_000L);
        Stack<?, ?> s = Systems.stack(r, "basic-acknack");
        MessengerProgram sender = new LateThree();
        var cluster = SystemCluster.build(t, AmNets.profile(r), h -> s,
                h -> h == 0 ? List.of(s.messengerProgram(64, sender).orElseThrow()) : List.of(), f);
        return Emulation.run(cluster.model(), new RuntimeSettings(7, 1, false, 0), horizonPs);
    }

    @Test
    void whatTheNicStillHoldsForResendingAtTheHorizonIsPending() {
        Ledger cut = run(2_000_000_000L).ledger();
        assertEquals(3, cut.sent(), cut.toString());
        assertEquals(3, cut.pending(), cut.toString());
        assertEquals(0, cut.lost(), cut.toString());
        assertTrue(cut.kept(), cut.toString());
        Ledger settled = run(10_000_000_000L).ledger();
        assertEquals(0, settled.pending(), settled.toString());
        assertEquals(3L, settled.returnedBy().get("unreachable"), settled.toString());
    }

    /** Waits 100 us (for a message that never comes), then sends host 1 three messages of 64 B. */
    private record LateThree() implements MessengerProgram {
        @Override
        public void run(Messenger m) {
            m.await(1, 100_000_000L);
            for (int i = 0; i < 3; i++) {
                m.send(1, 64);
            }
        }
    }
}
