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
import org.nowemu.hardware.support.TestNets;
import org.nowemu.hardware.topology.Port;
import org.nowemu.hardware.topology.Topology;

class RouteCorruptionTest {
    static final int PACKETS = 1020;

    /**
     * One 8-port switch with h0 on port 0 and h1 on port 1; h0 sends 1,020 packets with the route [1] (port 0 + 1)
     * in two bursts, at 0 and at 1 ms, and every packet on h0's cable inside [0, 500 us) has its route byte
     * replaced by one of the 255 other values. By hand: the first burst is all corrupted, the second not at all.
     * Of a corrupted packet's values only 0 names a cabled port (back out port 0 to h0, which gets it with no
     * byte left: the hardware cannot tell); the other 254 name an empty port or none, and the switch drops it.
     * So the switch drops about 254/255 of the first burst, h0 gets the rest back, h1 gets only the second.
     */
    @Test
    void aCorruptedRouteByteSendsThePacketWhereTheByteSaysOnlyInsideTheRange() {
        Topology t = TestNets.star(2);
        TimeRanges first = TimeRanges.of(0, 500 * VirtualTime.US, 0, 1);
        Failures f = Failures.on(t).linkFault(new Port(0, 0), LinkFault.of(new LinkFault.Part(first, 0, 0, 1.0)));
        Cluster c = Cluster.build(t, TestNets.now(""), TestNets.program(n -> TestNets.firmware(ctx -> {
            ctx.postReceive(PACKETS);
            if (ctx.nic() == 0) {
                burst(ctx);
                ctx.timer(VirtualTime.MS, "second");
            }
        }, (ctx, e) -> {
            if (e instanceof NicEvent.Timer) {
                burst(ctx);
            } else if (e instanceof NicEvent.PacketReceived rx) {
                ctx.counter("test.h" + ctx.nic() + "." + rx.status()).increment();
            }
        })), f);
        RunResult r = Emulation.run(c.model(), new RuntimeSettings(7, 1, false, 0), 10 * VirtualTime.MS);
        int half = PACKETS / 2;
        assertEquals(half, r.counter("link.route_corruptions"));
        assertEquals(half, r.counter("test.h1.OK"), "the second burst, untouched");
        long back = r.counter("test.h0.OK");
        assertTrue(back > 0 && back < 10, "about 510/255 = 2 came back to h0, got " + back);
        assertEquals(half - back, r.counter("switch.dropped_route"));
    }

    private static void burst(org.nowemu.hardware.nic.NicContext ctx) {
        for (int i = 0; i < PACKETS / 2; i++) {
            ctx.transmit(ctx.packet(new byte[] {1}, new byte[16]));
        }
    }
}
