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
     * second head waits 6.2 us, and each later one 6.2 us more than the one before, plus at most one STOP/GO
     * restart: a waiting packet fills its input's slack buffer and is stopped, and the default 160 B buffer
     * sends GO only once it is empty, so the stream resumes after GO's trip up the cable and the next flit's trip
     * down it and through the input (50 + 50 + 300 ns = 0.4 us). In all about (0 + 1 + 2 + 3) x 6.2 = 37.2 us:
     * N synchronised packets through one cable queue for (0 + 1 + ... + N-1) packet times. Only the output
     * toward h4 waits.
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
        long restart = 400_000L;
        long precision = packetTime / 1000 * SENDERS; // HdrHistogram keeps 3 significant digits
        assertEquals(0, waits.get(0));
        assertTrue(Math.abs(waits.get(1) - packetTime) <= precision, "second head waited "
                + VirtualTime.format(waits.get(1)) + ", one packet is " + VirtualTime.format(packetTime));
        for (int k = 2; k < SENDERS; k++) {
            long more = waits.get(k) - waits.get(k - 1);
            assertTrue(more >= packetTime - precision && more <= packetTime + restart + precision,
                    "head " + k + " waited " + VirtualTime.format(more) + " more than the one before; all " + waits);
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
