package org.nowemu.protocol.fm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/**
 * FM 2.x on ppro against its two calibration targets (FM paper; calibration §2.2), reached by per-operation
 * costs only: the shared firmware and library step costs (nowemu.protocol.steps) and the ppro profile's published
 * primitives. Nothing end to end is written down anywhere: both figures are timed in the run.
 */
class FmCalibrationTest {
    private static final ConfigReader PPRO = AmNets.config("nowemu.hardware.profile = ppro");

    /**
     * Minimum one-way latency, half the round trip of a 4-byte message, 11 us within 5%. Where the time goes
     * (worked by hand from the costs): the sender's library, FM_begin_message, one FM_send_piece, FM_end_message
     * (3 calls of 80 cycles, a credit and a packet step: 310 cycles, 1.55 us), the PIO read of the send slot's free
     * flag (0.5 us: after warm-up every slot has been used) and 5 PIO words (header, payload, flag: 0.24 us): about
     * 2.2 us until the flag reaches the NIC; the NIC finds the slot and sends (poll, descriptor, route, DMA: 90 LANai
     * cycles, 2.7 us); the send DMA's start-up, one 18-byte packet, a switch and the receive DMA's start-up: about
     * 0.9 us; the receiving NIC decodes the packet and starts the host DMA (94 cycles, 2.85 us), which takes about
     * 0.85 us with its start-ups; the receiver's polling FM_extract meets it at its next look (at most one 0.45 us
     * turn late), polls the flag (a miss, 0.125 us), dispatches the packet (120 cycles) and runs the handler, whose
     * FM_receive is another call: about 1.6 us. 11.1 us and part of a turn in all.
     */
    @Test
    void fm2MinimumOneWayLatencyIsElevenMicroseconds() {
        double us = Systems.oneWayPs(PPRO, "fm2", 4, 20, 30) / 1e6;
        assertEquals(11.0, us, 0.55, "one-way latency (us)");
    }

    /**
     * Peak streaming bandwidth, 77 MB/s (10^6 B) within 5%, the best of 4, 16 and 64 KB messages. The sender is the
     * bottleneck: a 1 KB packet is 256 PIO words at 48 ns (12.29 us), plus 4 words of header and flag (0.19 us),
     * the PIO read of the next send slot's free flag behind the posted writes (0.5 us), and the library's packet and
     * credit steps (70 cycles, 0.35 us): 13.3 us a packet, 77 MB/s. The receiver (a poll, dispatch, FM_receive's
     * copy at 171 MB/s: about 7.5 us), its NIC's host DMA (8.9 us) and the wire (6.5 us) keep up.
     */
    @Test
    void fm2PeakBandwidthIsSeventySevenMegabytesPerSecond() {
        double best = Systems.bestRate(PPRO, "fm2", 262144, 1, 4096, 16384, 65536);
        assertEquals(77.0, best / 1e6, 77.0 * 0.05, "peak bandwidth (MB/s)");
    }
}
