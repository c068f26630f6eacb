package org.nowemu.protocol.pm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.javaflow.api.continuable;
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
        RunResult res = Systems.run(Systems.cluster(four, "pm", PmProgram.class, h -> h > 3 ? null : new PmProgram() {
            @Override
            @continuable
            public void run(Pm pm) {
                if (h == 0) {
                    for (int k = 0; k < 20; k++) {
                        byte[] p = new byte[100];
                        p[0] = (byte) k;
                        pm.multisend(new int[] {1, 2, 3}, p);
                    }
                    pm.pollUntil(() -> false, 5 * MS);
                    return;
                }
                pm.setHandler((src, data) -> got.get(h).add((int) data[0]));
                pm.pollUntil(() -> got.get(h).size() == 20, 5 * MS);
            }
        }));
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
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro\nnowemu.protocol.pm.recv-ring = 4");
        List<Integer> got = new ArrayList<>();
        RunResult res = Systems.run(Systems.cluster(r, "pm", PmProgram.class, h -> h > 1 ? null : new PmProgram() {
            @Override
            @continuable
            public void run(Pm pm) {
                if (h == 0) {
                    for (int k = 0; k < 50; k++) {
                        pm.send(1, new byte[] {(byte) k, 0, 0, 0});
                    }
                    pm.pollUntil(() -> false, 20 * MS);
                    return;
                }
                pm.setHandler((src, data) -> {
                    got.add((int) data[0]);
                    pm.computeFor(20_000_000L);
                });
                pm.pollUntil(() -> got.size() == 50, 20 * MS);
            }
        }));
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
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro\nnowemu.protocol.hamlyn.recv-ring = 4");
        List<Integer> offsets = new ArrayList<>();
        RunResult res = Systems.run(Systems.cluster(r, "hamlyn", HamlynProgram.class, h -> h > 1 ? null : new HamlynProgram() {
            @Override
            @continuable
            public void run(Hamlyn hy) {
                if (h == 0) {
                    for (int k = 0; k < 30; k++) {
                        hy.send(1, 2048 * k, new byte[k < 20 ? 64 : 2000]);
                    }
                    hy.pollUntil(() -> false, 20 * MS);
                    return;
                }
                hy.setHandler((src, offset, data) -> {
                    offsets.add(offset);
                    hy.computeFor(20_000_000L);
                });
                hy.pollUntil(() -> offsets.size() == 30, 20 * MS);
            }
        }));
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
        Systems.run(Systems.cluster(R, "hamlyn", HamlynProgram.class, h -> h != 0 ? null : new HamlynProgram() {
            @Override
            @continuable
            public void run(Hamlyn hy) {
                refused[0] =
                assertThrows(IllegalArgumentException.class, () -> hy.send(1, (int) hy.areaShare() - 10,
                        new byte[64]));
            }
        }));
        assertTrue(refused[0].getMessage().contains("outside"), refused[0].getMessage());
    }
}
