package org.nowemu.hardware.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.support.TestNets;

class BackPressureTest {
    private static final long RESUME = 100 * VirtualTime.US;

    /**
     * h0 sends one 4,000-byte packet through one switch to h1, whose firmware posts no receive buffer until 100 us.
     * Unhindered the tail would leave h0 at 160,000 + 4,002 * 6,250 ps = 25.2 us. Instead h1's receive DMA stops
     * draining, its slack buffer (160 B) fills and STOPs the switch output; the switch input's slack buffer (160 B)
     * fills and STOPs h0's send DMA. So at most 320 B sit in the network when draining resumes, and the other
     * 3,682 B or more leave h0 after 100 us: the tail leaves no earlier than 100 us + 3,682 * 6,250 ps.
     */
    @Test
    void senderStallsWithinTheSlackBuffersUntilTheReceiverDrainsAgainAndNoByteIsLost() {
        int body = 4000;
        long wire = 1 + body + 1;
        RunResult r = TestNets.run(TestNets.star(2), TestNets.now(""), TestNets.program(n -> TestNets.firmware(ctx -> {
            if (ctx.nic() == 0) {
                ctx.transmit(ctx.packet(new byte[] {1}, new byte[body]));
            } else {
                ctx.timer(RESUME, "resume");
            }
        }, (ctx, e) -> {
            if (e instanceof NicEvent.Timer) {
                ctx.postReceive(1);
            } else if (e instanceof NicEvent.PacketSent) {
                ctx.counter("test.tail_left_ps").add(ctx.now());
            } else if (e instanceof NicEvent.PacketReceived rx) {
                ctx.counter("test.received_" + rx.status()).increment();
            }
        })), VirtualTime.MS);
        assertTrue(r.counter("test.tail_left_ps") >= RESUME + (wire - 320) * 6_250,
                "the tail left at " + r.counter("test.tail_left_ps") + " ps, before draining resumed");
        assertTrue(r.counter("nic.tx.stops") >= 1, "the sender was stopped");
        assertTrue(r.counter("switch.stops_sent") >= 1 && r.counter("nic.rx.stops_sent") >= 1, "STOP went hop by hop");
        assertEquals(1, r.counter("test.received_OK"), "the packet completed intact");
        assertEquals(wire, r.counter("nic.rx.bytes"), "every byte arrived");
        assertEquals(wire, r.counter("nic.tx.bytes"));
    }

    /**
     * The same stall, but longer than a 20 us block timeout: the switch truncates the blocked packet, sends h1 a
     * truncated tail and discards the rest. When h1 drains again it counts one truncated packet. A second packet,
     * sent at 150 us when the path is clear, arrives intact.
     */
    @Test
    void packetBlockedPastTheTimeLimitIsTruncatedAndTheReceiverCountsIt() {
        RunResult r = TestNets.run(TestNets.star(2), TestNets.now("link.block-timeout = 20us"),
                TestNets.program(n -> TestNets.firmware(ctx -> {
                    if (ctx.nic() == 0) {
                        ctx.transmit(ctx.packet(new byte[] {1}, new byte[4000]));
                        ctx.timer(150 * VirtualTime.US, "second");
                    } else {
                        ctx.timer(RESUME, "resume");
                    }
                }, (ctx, e) -> {
                    if (e instanceof NicEvent.Timer t && t.tag().equals("second")) {
                        ctx.transmit(ctx.packet(new byte[] {1}, new byte[4000]));
                    } else if (e instanceof NicEvent.Timer) {
                        ctx.postReceive(2);
                    } else if (e instanceof NicEvent.PacketReceived rx) {
                        ctx.counter("test.received_" + rx.status()).increment();
                    }
                })), VirtualTime.MS);
        assertEquals(1, r.counter("switch.truncated"));
        assertEquals(1, r.counter("nic.rx.truncated"));
        assertEquals(1, r.counter("test.received_TRUNCATED"));
        assertEquals(1, r.counter("test.received_OK"));
    }
}
