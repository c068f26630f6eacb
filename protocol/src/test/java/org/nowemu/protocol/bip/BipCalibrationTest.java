package org.nowemu.protocol.bip;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/**
 * BIP on ppro against its two calibration targets (survey; calibration §2.2), reached by per-operation costs
 * only: BIP's firmware and library step tables (nowemu.protocol.bip) and the ppro profile's published primitives.
 * Both figures are timed in the run.
 */
class BipCalibrationTest {
    private static final ConfigReader PPRO = AmNets.config("nowemu.hardware.profile = ppro");

    /**
     * Minimum one-way latency, half the round trip of a 4-byte message: 4.3 us (BIP's own figure) within 10%. Where
     * the time goes, by hand: the library's call and packet steps (50 cycles, 0.25 us); header, data and flag, 6 words
     * in one write-combined line (139 ns + 24 B at 132 MB/s: 0.32 us); the NIC's poll, descriptor, route and DMA
     * steps (16 LANai cycles, 0.48 us); the send DMA's start-up, the 20-byte packet, two cables, a switch's 300 ns
     * and the receive DMA's start-up (about 0.9 us); the receiving NIC's poll, receive, descriptor and DMA steps (19
     * cycles, 0.58 us); the host DMA into the ring, its start-ups and 24 bytes (0.85 us); the library's poll miss,
     * dispatch and the 4-byte copy (about 0.3 us, part of a poll turn late): about 4.1 us and the bus's contention
     * with the library's other posted words.
     */
    @Test
    void minimumOneWayLatencyIsFourPointThreeMicroseconds() {
        double us = Systems.oneWayPs(PPRO, "bip", 4, 20, 30) / 1e6;
        assertEquals(4.3, us, 0.43, "one-way latency (us)");
    }

    /**
     * Peak streaming bandwidth, 126 MB/s (10^6 B) within 5%, the best of 64 KB, 256 KB and 1 MB messages. The
     * sending host's bus is the bottleneck: a long message moves in 4 KB packets (PacketSizes, for these lengths),
     * each one DMA of a page at the consistent read rate, 123 MB/s, after the engine's and the mode's start-ups (5
     * LANai cycles and 0.5 us): 33.95 us a page, 120.6 MB/s; the receiving host's bus writes at the same rate, and
     * the wire (160 MB/s) keeps up. Between messages the library's completion, descriptor and the receiver's new
     * receive cost a few microseconds more.
     */
    @Test
    void peakBandwidthSaturatesThePciBus() {
        double best = Systems.bestRate(PPRO, "bip", 1048576, 4, 65536, 262144, 1048576);
        assertEquals(126.0, best / 1e6, 126.0 * 0.05, "peak bandwidth (MB/s)");
    }
}
