package org.nowemu.hardware.switching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.ComponentReport;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.support.TestNets;

/** The arbitration waits a switch port records when the run traces ({@code switch.wait_ps}). */
class ArbitrationWaitTest {
    private static final int SENDERS = 4;

    /** h0..h3 each send one 1,000-byte packet to h4 at the same instant, through output port 4 of one switch. */
    private static RunResult burst(boolean tracing) {
        return TestNets.run(TestNets.star(SENDERS + 1), TestNets.now(""), TestNets.program(n -> TestNets.firmware(
                ctx -> {
                    if (ctx.nic() < SENDERS) {
                        ctx.transmit(ctx.packet(new byte[] {(byte) (SENDERS - ctx.nic())}, new byte[1000]));
                    } else {
                        ctx.postReceive(SENDERS);
                    }
                }, (ctx, e) -> {
                })), VirtualTime.MS, tracing);
    }

    /**
     * The four heads reach output 4 together; it serves one packet at a time, head to tail, and grants the next
     * as the last one's tail flit goes out. A packet is 1,002 wire bytes (route byte, 1,000, CRC), 31 flits of
     * 32 bytes and a tail of 10: its tail starts 31 x 32 B x 6.25 ns = 6.2 us after its head at 160 MB/s. So the
     * heads wait 0, 6.2, 12.4 and 18.6 us, 37.2 us in all: the queue of N synchronised packets through one cable
     * costs (0 + 1 + ... + N-1) packet times. The output toward h4 is the only port that waits.
     */
    @Test
    void synchronisedPacketsIntoOneOutputWaitOnePacketTimeEachInTurn() {
        RunResult r = burst(true);
        List<Long> waits = new ArrayList<>();
        for (ComponentReport c : r.components()) {
            Histogram h = c.histograms().get(SwitchPort.WAIT);
            if (h != null && h.getMaxValue() > 0) {
                assertEquals("s0.p4", c.name(), "only the port toward h4 waits");
                for (HistogramIterationValue v : h.recordedValues()) {
                    for (long k = 0; k < v.getCountAtValueIteratedTo(); k++) {
                        waits.add(h.highestEquivalentValue(v.getValueIteratedTo()));
                    }
                }
            }
        }
        assertEquals(SENDERS, waits.size(), "every head granted once: " + waits);
        long packetTime = 31 * 32 * 6_250L; // ps
        for (int k = 0; k < SENDERS; k++) {
            // HdrHistogram keeps 3 significant digits; a STOP/GO bubble would add tens of ns
            assertTrue(Math.abs(waits.get(k) - k * packetTime) <= 0.002 * packetTime * SENDERS,
                    "head " + k + " waited " + VirtualTime.format(waits.get(k)) + ", expected " + k + " x "
                            + VirtualTime.format(packetTime) + "; all " + waits);
        }
        assertEquals(SENDERS, r.counter("nic.rx.packets"), "h4 received every packet");
    }

    /** Without tracing nothing is kept, and keeping it changes nothing the digest covers. */
    @Test
    void theWaitsAreKeptOnlyWhenTracingAndLeaveTheDigestAlone() {
        RunResult plain = burst(false);
        RunResult traced = burst(true);
        assertNull(plain.histograms().get(SwitchPort.WAIT));
        assertEquals(SENDERS, traced.histograms().get(SwitchPort.WAIT).getTotalCount());
        assertEquals(plain.digest(), traced.digest());
    }
}
