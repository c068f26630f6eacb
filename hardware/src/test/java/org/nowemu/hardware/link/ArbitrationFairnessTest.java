package org.nowemu.hardware.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.support.TestNets;

class ArbitrationFairnessTest {
    /**
     * h0 and h1 each keep two 1,000-byte packets queued for h2, through one switch, for 5 ms. Both flows want
     * output port 2 all the time (host i sits on port i; a route byte is an offset from the entry port, so 2 - i);
     * round-robin arbitration alternates packets, so each gets half the port. One
     * packet is 1,002 wire bytes = 6.26 us at 160 MB/s, so at most ~800 packets fit in 5 ms; with STOP/GO bubbles
     * the port is still well used (over 600 packets).
     */
    @Test
    void twoFlowsIntoOneOutputShareItWithinFivePercent() {
        RunResult r = TestNets.run(TestNets.star(3), TestNets.now(""), TestNets.program(n -> TestNets.firmware(ctx -> {
            if (ctx.nic() < 2) {
                ctx.transmit(ctx.packet(new byte[] {(byte) (2 - ctx.nic())}, new byte[1000]));
                ctx.transmit(ctx.packet(new byte[] {(byte) (2 - ctx.nic())}, new byte[1000]));
            } else {
                ctx.postReceive(4);
            }
        }, (ctx, e) -> {
            if (e instanceof NicEvent.PacketSent) {
                ctx.transmit(ctx.packet(new byte[] {(byte) (2 - ctx.nic())}, new byte[1000]));
            } else if (e instanceof NicEvent.PacketReceived rx) {
                ctx.counter("test.from" + rx.packet().source()).increment();
                ctx.postReceive(1);
            }
        })), 5 * VirtualTime.MS);
        long a = r.counter("test.from0");
        long b = r.counter("test.from1");
        assertTrue(a + b > 600, "the shared port carried " + (a + b) + " packets");
        assertTrue(Math.abs(a - b) <= 0.05 * Math.max(a, b), a + " vs " + b + " packets");
        assertEquals(0, r.counter("nic.rx.crc_errors") + r.counter("nic.rx.truncated"));
    }
}
