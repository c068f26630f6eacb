package org.nowemu.protocol.basic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/** The basic protocol promises nothing: with no free host buffer the NIC drops the packet, counts it, and goes on. */
class BasicDropTest {
    private static final long MS = 1_000_000_000L;

    /**
     * Two hosts, a receive ring of 8 host buffers. Host 0 sends 20 packets (payload byte 0 = its number) at once;
     * host 1 does not poll for 1 ms. Its NIC DMAs packets 0..7 into the 8 free buffers and drops 8..19: 12 drops,
     * counted, and no back-pressure (the link keeps draining). At 1 ms host 1 polls: it handles 0..7, giving each
     * buffer back. At 2 ms host 0 sends 5 more (20..24); host 1 polls again and handles all five. The ledger: 25
     * sent without a promise, 13 handled once, 12 dropped: kept, not broken, and the drops it counts are the ones the
     * NIC counted.
     */
    @Test
    void packetsWithNoFreeHostBufferAreDroppedAndCountedAndTheRunGoesOn() {
        List<Integer> got = new ArrayList<>();
        RunResult res = Systems.runPproPair("nowemu.protocol.basic.recv-ring = 8", "basic", BasicProgram.class,
                new TwoBursts(), new LateReceiver(got));
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 20, 21, 22, 23, 24), got);
        assertEquals(12, res.counter("basic.dropped.no_buffer"));
        assertEquals(13, res.counter("basic.delivered"));
        assertEquals(0, res.counter("nic.rx.stops_sent"), "dropping keeps the link drained");
        Systems.assertKeptWithDrops(res.ledger(), 25, 13, 12);
    }

    /** Packets 0..19 to host 1 at once, then 20..24 at 2 ms. */
    private record TwoBursts() implements BasicProgram {
        @Override
        public void run(Basic b) {
            for (int k = 0; k < 20; k++) {
                b.send(1, new byte[] {(byte) k, 1, 2, 3});
            }
            b.computeFor(2 * MS - b.now());
            for (int k = 20; k < 25; k++) {
                b.send(1, new byte[] {(byte) k, 1, 2, 3});
            }
        }
    }

    /** Polls first at 1 ms, then until 13 packets are in {@code got} (byte 0 of each) or 3 ms. */
    private record LateReceiver(List<Integer> got) implements BasicProgram {
        @Override
        public void run(Basic b) {
            b.setHandler((src, data) -> got.add((int) data[0]));
            b.computeFor(MS);
            b.poll();
            assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), got, "the packets that found a buffer");
            b.pollUntil(() -> got.size() == 13, 3 * MS);
        }
    }

    /**
     * A receiver slower than its sender (30 us per 1 KB packet against about 20 us to send one), 4 host buffers:
     * every one of the 200 packets is either handled or dropped by the receiving NIC, and the ledger's dropped
     * count is the NIC's own count.
     */
    @Test
    void theLedgerCountsAsDroppedExactlyWhatTheNicDropped() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro\nnowemu.protocol.basic.recv-ring = 4");
        assertEquals(1024, ((BasicSettings) Systems.settings(r, "basic1k")).maxPayload());
        int[] handled = new int[1];
        RunResult res = Systems.run(Systems.pair(r, "basic1k", BasicProgram.class, new Flood(),
                new SlowReceiver(handled)));
        long drops = res.counter("basic.dropped.no_buffer");
        assertTrue(drops > 0 && handled[0] > 0, drops + " dropped, " + handled[0] + " handled");
        assertEquals(200, drops + handled[0]);
        assertEquals(drops, res.ledger().dropped());
        assertTrue(res.ledger().kept());
    }

    /** 200 packets of 1 KB to host 1, back to back. */
    private record Flood() implements BasicProgram {
        @Override
        public void run(Basic b) {
            for (int k = 0; k < 200; k++) {
                b.send(1, new byte[1024]);
            }
        }
    }

    /** Handles each packet in 30 us for 20 ms, counting them in {@code handled[0]}. */
    private record SlowReceiver(int[] handled) implements BasicProgram {
        @Override
        public void run(Basic b) {
            b.setHandler((src, data) -> {
                handled[0]++;
                b.computeFor(30_000_000L);
            });
            b.pollUntil(() -> false, 20 * MS);
        }
    }
}
