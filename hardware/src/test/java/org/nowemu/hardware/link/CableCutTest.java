package org.nowemu.hardware.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.support.TestNets;
import org.nowemu.hardware.topology.Port;
import org.nowemu.hardware.topology.Topology;

class CableCutTest {
    /**
     * h0 - s0 - s1 - h1 (TestNets.line: s0 port 1 to s1 port 2). h0 streams ten 1,000-byte packets (1,003 wire
     * bytes, 6.27 us each at 160 MB/s) and the s0-s1 cable is cut at 10 us: the first packet has crossed, the
     * second is cut in the middle and reaches h1 with a truncated tail, the other eight leave s0 into nothing. The
     * cut cable sends no STOP, so h0 still sends all ten at the link rate; nothing is left stuck.
     */
    @Test
    void aCableCutMidPacketTruncatesItAndLosesWhatFollowsWithoutBlockingTheSender() {
        HardwareProfile p = TestNets.now("");
        Topology t = TestNets.line(2);
        int s0 = 2;
        Failures cut = Failures.on(t).cable(new Port(s0, 1), 10 * VirtualTime.US);
        Cluster c = Cluster.build(t, p, TestNets.program(n -> TestNets.firmware(CableCutTest::tenPacketsFromH0,
                (ctx, e) -> {
            if (e instanceof NicEvent.PacketReceived rx) {
                ctx.counter("test." + rx.status()).increment();
            } else if (e instanceof NicEvent.PacketSent) {
                ctx.counter("test.sent").increment();
            }
        })), cut);
        RunResult r = Emulation.run(c.model(), new RuntimeSettings(7, 1, false, 0), VirtualTime.MS);
        assertEquals(1, r.counter("test.OK"));
        assertEquals(1, r.counter("test.TRUNCATED"));
        assertEquals(10, r.counter("test.sent"));
        assertTrue(r.counter("switch.cut_flits") > 0);
    }

    /** NIC 0 sends ten 1,000-byte packets to h1 over the line's two switches; the others post 16 receive buffers. */
    static void tenPacketsFromH0(org.nowemu.hardware.nic.NicContext ctx) {
        if (ctx.nic() == 0) {
            for (int i = 0; i < 10; i++) {
                ctx.transmit(ctx.packet(new byte[] {1, -1}, new byte[1000]));
            }
        } else {
            ctx.postReceive(16);
        }
    }
}
