package org.nowemu.protocol.pm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.hamlyn.Hamlyn;
import org.nowemu.protocol.hamlyn.HamlynProgram;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/** PM and Hamlyn on ppro, two to four hosts: their composition shows in what they count. */
class PmHamlynTest {
    private static final long MS = 1_000_000_000L;
    private static final ConfigReader R = AmNets.config("nowemu.hardware.profile = ppro");

    /**
     * PM's multisend: host 0 sends 20 packets of 100 B to hosts 1, 2 and 3 at once. Each packet is fetched from the
     * send area once (20 host DMAs on the sender) and sent three times (60 transmissions); each receiver handles all
     * 20 in order, and the ledger has 60 messages, each handled once.
     */
    @Test
    void multisendFetchesOnceAndSendsToEachInOrder() {
        List<List<Integer>> got = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        ConfigReader four = AmNets.config("nowemu.hardware.profile = ppro\nnowemu.topology.name = chain\n"
                + "nowemu.topology.chain.switches = 2\nnowemu.topology.chain.hosts-per-switch = 2");
        RunResult res = Systems.run(Systems.cluster(four, "pm", PmProgram.class,
                h -> h > 3 ? null : h == 0 ? new Multisender() : new Taker(got.get(h), 20, 0, 5 * MS)));
        List<Integer> all = new ArrayList<>();
        for (int k = 0; k < 20; k++) {
            all.add(k);
        }
        for (int h = 1; h <= 3; h++) {
            assertEquals(all, got.get(h), "host " + h);
        }
        assertEquals(20, res.counter("basic.fetched"));
        assertEquals(60, res.counter("basic.transmitted"));
        assertEquals(60, res.counter("rel.acks"));
        assertEquals(60, res.ledger().handledOnce());
        assertTrue(res.ledger().kept());
    }

    /**
     * A slow PM receiver (4 ring entries, 20 us per packet) against a sender of 50 packets: the receiving NIC
     * discards what finds the ring full and NACKs it, the sender goes back; all 50 arrive in order, none dropped.
     * PM's sends copy nothing on the host: the program built each packet in the send area.
     */
    @Test
    void aFullRingIsNackedAndResentInOrder() {
        List<Integer> got = new ArrayList<>();
        RunResult res = Systems.runPproPair("nowemu.protocol.pm.recv-ring = 4", "pm", PmProgram.class, new Fifty(),
                new Taker(got, 50, 20_000_000L, 20 * MS));
        assertEquals(50, got.size());
        for (int k = 0; k < 50; k++) {
            assertEquals(k, got.get(k));
        }
        assertTrue(res.counter("rel.nacks") > 0 && res.counter("rel.resent") > 0, res.counters().toString());
        assertEquals(0, res.ledger().dropped());
        assertTrue(res.ledger().kept());
    }

    /**
     * Hamlyn: small sends (1 KB and less) go by PIO and leave from SRAM, larger ones are fetched by DMA; each lands
     * at the offset its sender chose, announced by a notification. A slow receiver (4 notification entries) holds
     * the sender back by link back-pressure: nothing is dropped.
     */
    @Test
    void smallSendsByPioLargeByDmaAtTheSendersOffsetsHeldBackNotDropped() {
        List<Integer> offsets = new ArrayList<>();
        RunResult res = Systems.runPproPair("nowemu.protocol.hamlyn.recv-ring = 4", "hamlyn", HamlynProgram.class,
                new Writer(), new SlowNotified(offsets));
        assertEquals(30, offsets.size());
        for (int k = 0; k < 30; k++) {
            assertEquals(2048 * k, offsets.get(k));
        }
        assertEquals(10, res.counter("basic.fetched"), "only the 10 sends of 2000 B were fetched by DMA");
        assertTrue(res.counter("rel.held") > 0 && res.counter("nic.rx.stops_sent") > 0, res.counters().toString());
        assertEquals(0, res.ledger().dropped());
        assertEquals(30, res.ledger().handledOnce());
    }

    @Test
    void hamlynRefusesAnOffsetOutsideTheSendersShare() {
        RuntimeException[] refused = new RuntimeException[1];
        Systems.run(Systems.pair(R, "hamlyn", HamlynProgram.class, new OutsideShare(refused), null));
        assertTrue(refused[0].getMessage().contains("outside"), refused[0].getMessage());
    }

    /** 20 packets of 100 B, numbered in byte 0, multisent to hosts 1, 2 and 3; then polls for 5 ms. */
    private record Multisender() implements PmProgram {
        @Override
        public void run(Pm pm) {
            for (int k = 0; k < 20; k++) {
                byte[] p = new byte[100];
                p[0] = (byte) k;
                pm.multisend(new int[] {1, 2, 3}, p);
            }
            pm.pollUntil(() -> false, 5 * MS);
        }
    }

    /** 50 packets 0..49 to host 1 (byte 0 their number); then polls for 20 ms. */
    private record Fifty() implements PmProgram {
        @Override
        public void run(Pm pm) {
            for (int k = 0; k < 50; k++) {
                pm.send(1, new byte[] {(byte) k, 0, 0, 0});
            }
            pm.pollUntil(() -> false, 20 * MS);
        }
    }

    /** Notes byte 0 of each packet in {@code got}, spending {@code eachPs} on it, until n have come or the deadline. */
    private record Taker(List<Integer> got, int n, long eachPs, long until) implements PmProgram {
        @Override
        public void run(Pm pm) {
            pm.setHandler((src, data) -> {
                got.add((int) data[0]);
                if (eachPs > 0) {
                    pm.computeFor(eachPs);
                }
            });
            pm.pollUntil(() -> got.size() == n, until);
        }
    }

    /** 30 sends to host 1 at offsets 2048 k, of 64 B for k < 20 and 2000 B after; then polls for 20 ms. */
    private record Writer() implements HamlynProgram {
        @Override
        public void run(Hamlyn hy) {
            for (int k = 0; k < 30; k++) {
                hy.send(1, 2048 * k, new byte[k < 20 ? 64 : 2000]);
            }
            hy.pollUntil(() -> false, 20 * MS);
        }
    }

    /** Notes each notification's offset, spending 20 us on it, until 30 have come or 20 ms. */
    private record SlowNotified(List<Integer> offsets) implements HamlynProgram {
        @Override
        public void run(Hamlyn hy) {
            hy.setHandler((src, offset, data) -> {
                offsets.add(offset);
                hy.computeFor(20_000_000L);
            });
            hy.pollUntil(() -> offsets.size() == 30, 20 * MS);
        }
    }

    /** A send that ends 10 bytes before the share's end but is 64 long: refused, into {@code refused[0]}. */
    private record OutsideShare(RuntimeException[] refused) implements HamlynProgram {
        @Override
        public void run(Hamlyn hy) {
            refused[0] = assertThrows(IllegalArgumentException.class, () -> hy.send(1, (int) hy.areaShare() - 10,
                    new byte[64]));
        }
    }
}
