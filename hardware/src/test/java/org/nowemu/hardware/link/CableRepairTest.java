package org.nowemu.hardware.link;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.support.TestNets;
import org.nowemu.hardware.topology.Port;
import org.nowemu.hardware.topology.Topology;

class CableRepairTest {
    /**
     * h0 - s0 - s1 - h1 as in {@link CableCutTest}: h0 streams ten 1,000-byte packets, one every 6.40 us (tails
     * leave h0 at 6.46, 12.86, ..., 64.07 us; each head 6.27 us before its tail), and the s0-s1 cable is cut in
     * [10, 20) us and again in [40, 50) us. By hand: packet 1 crosses; 2 is cut mid-way (truncated at h1); 3 is
     * all inside the cut; 4's head leaves at 19.4 us into the cut and the rest after the repair, headless, so
     * s1 discards it; 5 and 6 cross; 7 is cut mid-way; 8 is like 4; 9 and 10 cross. So 5 good, 2 truncated, 2
     * fragments; and after each repair a packet takes as long as before the cut (0.857 us from its tail leaving
     * h0 to h1's NIC): the repaired cable carries flits at the full rate once GO has come back.
     */
    @Test
    void aCableCutInRepeatingRangesCarriesPacketsAgainAfterEachRepair() {
        Topology t = TestNets.line(2);
        int s0 = 2;
        Failures cuts = Failures.on(t).cable(new Port(s0, 1),
                TimeRanges.of(10 * VirtualTime.US, 20 * VirtualTime.US, 30 * VirtualTime.US, 2));
        List<Long> sent = new CopyOnWriteArrayList<>();
        List<Long> good = new CopyOnWriteArrayList<>();
        Cluster c = Cluster.build(t, TestNets.now(""), TestNets.program(n -> TestNets.firmware(
                CableCutTest::tenPacketsFromH0, (ctx, e) -> {
            if (e instanceof NicEvent.PacketReceived rx) {
                ctx.counter("test." + rx.status()).increment();
                if (rx.status() == NicEvent.Status.OK) {
                    good.add(ctx.now());
                }
            } else if (e instanceof NicEvent.PacketSent) {
                sent.add(ctx.now());
            }
        })), cuts);
        RunResult r = Emulation.run(c.model(), new RuntimeSettings(7, 1, false, 0), VirtualTime.MS);
        assertEquals(10, sent.size(), "the sender was never held back");
        assertEquals(5, r.counter("test.OK"));
        assertEquals(2, r.counter("test.TRUNCATED"));
        assertEquals(2, r.counter("switch.fragments"));
        long before = good.get(0) - sent.get(0);
        assertEquals(857, Math.round(before / 1000.0), "ns from packet 1's tail leaving h0 to h1");
        assertEquals(before, good.get(1) - sent.get(4), "packet 5, after the first repair");
        assertEquals(before, good.get(3) - sent.get(8), "packet 9, after the second");
    }
}
