package org.nowemu.hardware.switching;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.support.TestNets;

/**
 * The blocked-packet reset of a packet that holds a switch output but whose head has not left it yet.
 *
 * <p>Before the fix such a reset sent a truncated tail (flit 2^31 - 1) downstream all the same; the port there
 * had seen the packet before it end with its own tail and had no packet to end, and the run failed with "flit
 * 2147483647 of packet ... arrived without its head" (at a NIC, "h0.recv: ..." with BIP on ppro; at a switch,
 * "s0.p6: ..." in the permutations with the mapper beside the traffic).
 */
class TruncationBeforeHeadTest {
    /**
     * h0 sends a 64-byte packet A (66 B on the wire with route byte and CRC), then at once a 4,000-byte packet B,
     * through one switch to h1, which posts no receive buffer until 100 us. A's 66 B fit in h1's 160-byte slack
     * buffer, so A's tail leaves the switch; but A's bytes and B's first flits behind them pass the STOP threshold
     * of h1's slack buffer, and the STOP reaches the switch output after A's tail left and before B's head could.
     * B holds the output (it won arbitration as A's tail left) with its head still in the switch; 20 us later (the
     * block timeout here) the switch resets the path. Nothing of B is downstream, so nothing goes out: the switch
     * counts one truncation, discards B as it arrives, and h1, draining at 100 us, takes A intact and sees no
     * truncated packet at all.
     */
    @Test
    void aPacketResetBeforeItsHeadLeftSendsNoTruncatedTail() {
        RunResult r = firstThenFourThousand(64);
        assertEquals(1, r.counter("switch.truncated"), "B was reset at the switch");
        assertEquals(0, r.counter("nic.rx.truncated"), "no truncated tail went to h1: B's head never left");
        assertEquals(1, r.counter("test.received_OK"), "A arrived intact");
        assertEquals(1, r.counter("nic.rx.packets"), "A only");
        assertEquals(66, r.counter("nic.rx.bytes"), "A's 66 bytes, none of B's");
    }

    /**
     * A 32-byte packet A the same way: its 34 B leave fewer bytes in h1's slack buffer, so B's head gets out
     * before the STOP comes back and B is cut short downstream: a truncated tail follows the head to h1, which
     * counts a truncated packet (a CRC error on the real NIC) besides A.
     */
    @Test
    void aPacketResetAfterItsHeadLeftEndsDownstreamWithATruncatedTail() {
        RunResult r = firstThenFourThousand(32);
        assertEquals(1, r.counter("switch.truncated"));
        assertEquals(1, r.counter("nic.rx.truncated"));
        assertEquals(1, r.counter("test.received_OK"));
        assertEquals(1, r.counter("test.received_TRUNCATED"));
    }

    /**
     * h0 sends a packet of {@code firstBytes} and at once one of 4,000 bytes through one switch to h1, which posts its
     * receive buffers at 100 us; the switch resets a path blocked for 20 us. h1 counts what it takes by status.
     */
    private static RunResult firstThenFourThousand(int firstBytes) {
        return TestNets.run(TestNets.star(2), TestNets.now("link.block-timeout = 20us"),
                TestNets.program(n -> TestNets.firmware(ctx -> {
                    if (ctx.nic() == 0) {
                        ctx.transmit(ctx.packet(new byte[] {1}, new byte[firstBytes]));
                        ctx.transmit(ctx.packet(new byte[] {1}, new byte[4000]));
                    } else {
                        ctx.timer(100 * VirtualTime.US, "resume");
                    }
                }, (ctx, e) -> {
                    if (e instanceof NicEvent.Timer) {
                        ctx.postReceive(2);
                    } else if (e instanceof NicEvent.PacketReceived rx) {
                        ctx.counter("test.received_" + rx.status()).increment();
                    }
                })), VirtualTime.MS);
    }
}
