package org.nowemu.hardware.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.support.TestNets;

class CorruptionTest {
    @Test
    void everySingleBitFlipChangesTheCrc() {
        byte[] body = new byte[1000];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) (i * 31);
        }
        byte crc = Crc8.of(body);
        for (int bit = 0; bit < body.length * 8; bit++) {
            body[bit / 8] ^= (byte) (1 << (bit % 8));
            assertNotEquals(crc, Crc8.of(body), "bit " + bit);
            body[bit / 8] ^= (byte) (1 << (bit % 8));
        }
    }

    /**
     * 200 packets of 1,000 bytes cross two links (h0 to the switch, the switch to h1) with a bit-error rate of
     * 1e-5: each packet is 1,002 * 8 bits on each of two links, so it meets an error with probability
     * 1 - (1 - 1e-5)^16,032 = 14.8%, about 30 of 200. The receiving NIC finds them by CRC, counts them and tells
     * the firmware; the rest arrive intact. With the same seed the count is the same every run.
     */
    @Test
    void corruptedPacketsAreDetectedByCrcAndCounted() {
        RunResult r = TestNets.run(TestNets.star(2), TestNets.now("link.bit-error-rate = 1e-5"),
                TestNets.program(n -> TestNets.firmware(ctx -> {
                    if (ctx.nic() == 0) {
                        for (int i = 0; i < 200; i++) {
                            ctx.transmit(ctx.packet(new byte[] {1}, new byte[1000]));
                        }
                    } else {
                        ctx.postReceive(200);
                    }
                }, (ctx, e) -> {
                    if (e instanceof NicEvent.PacketReceived rx) {
                        ctx.counter("test." + rx.status()).increment();
                    }
                })), 10 * VirtualTime.MS);
        long bad = r.counter("nic.rx.crc_errors");
        assertEquals(bad, r.counter("test.CRC_ERROR"));
        assertEquals(200, r.counter("test.OK") + bad);
        assertTrue(bad >= 15 && bad <= 50, bad + " corrupted packets, expected about 30");
    }
}
