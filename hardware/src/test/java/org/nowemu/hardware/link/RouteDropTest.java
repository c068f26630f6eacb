package org.nowemu.hardware.link;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.support.TestNets;

class RouteDropTest {
    /**
     * On a switch with hosts on ports 0 and 1, a route byte of 5 names a port with no cable, and a packet whose
     * route runs out at the switch has no byte to read: both are dropped and counted, the link is freed, and a
     * good packet sent after them arrives.
     */
    @Test
    void aRouteByteNamingAPortWithNoCableDropsThePacketAndCountsIt() {
        RunResult r = TestNets.run(TestNets.star(2), TestNets.now(""), TestNets.program(n -> TestNets.firmware(ctx -> {
            if (ctx.nic() == 0) {
                ctx.transmit(ctx.packet(new byte[] {5}, new byte[500]));
                ctx.transmit(ctx.packet(new byte[] {}, new byte[500]));
                ctx.transmit(ctx.packet(new byte[] {1}, new byte[500]));
            } else {
                ctx.postReceive(4);
            }
        }, (ctx, e) -> {
            if (e instanceof NicEvent.PacketReceived rx) {
                ctx.counter("test." + rx.status()).increment();
            }
        })), VirtualTime.MS);
        assertEquals(2, r.counter("switch.dropped_route"));
        assertEquals(1, r.counter("test.OK"));
        assertEquals(1, r.counter("switch.packets"));
    }

    /** Two route bytes through a single switch: the packet reaches h1 with a byte left over and is misrouted. */
    @Test
    void aPacketArrivingWithRouteBytesLeftIsMisrouted() {
        RunResult r = TestNets.run(TestNets.star(2), TestNets.now(""), TestNets.program(n -> TestNets.firmware(ctx -> {
            if (ctx.nic() == 0) {
                ctx.transmit(ctx.packet(new byte[] {1, 3}, new byte[100]));
            } else {
                ctx.postReceive(1);
            }
        }, (ctx, e) -> { })), VirtualTime.MS);
        assertEquals(1, r.counter("nic.rx.misrouted"));
    }
}
