package org.nowemu.protocol.unet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.javaflow.api.continuable;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Ledger;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/**
 * U-Net has no flow control: a message that needs a receive buffer when the free queue is empty is dropped, counted
 * and reported in the ledger, and the run goes on; a small one, carried in its descriptor, needs none. On U-Net/MM
 * the NIC's TLB misses once per page.
 */
class UnetDropTest {
    private static final long US = 1_000_000L;
    private static final long MS = 1_000_000_000L;

    /**
     * Two hosts, a free queue of 4 buffers. Host 0 sends messages 0..9 of 1 KB (byte 0 their number), then 10 and
     * 11 of 16 bytes (inline: at most 48), at once; host 1 takes nothing for 1 ms. Its NIC puts 0..3 into the four
     * buffers and drops 4..9 (6 drops, no free buffer), while 10 and 11 go into the receive queue in their
     * descriptors. At 1 ms host 1 takes 0, 1, 2, 3, 10, 11, giving each buffer back; at 2 ms host 0 sends 12 (1 KB),
     * which finds a buffer again. The ledger: 13 sent without a promise, 7 handled once, 6 dropped: kept.
     */
    @Test
    void aMessageWithNoFreeBufferIsDroppedCountedAndReportedAndTheRunPasses() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro\nnowemu.protocol.unet.free-queue = 4");
        List<Integer> got = new ArrayList<>();
        RunResult res = Systems.run(Systems.cluster(r, "unet", UnetProgram.class, h -> h > 1 ? null : new UnetProgram() {
            @Override
            @continuable
            public void run(Unet u) {
                if (h == 0) {
                    int ch = u.createChannel(1);
                    for (int k = 0; k < 12; k++) {
                        byte[] data = new byte[k < 10 ? 1024 : 16];
                        data[0] = (byte) k;
                        u.compose(u.sendArea(), data.length);
                        u.send(ch, u.sendArea() + 1024L * k, data);
                    }
                    u.computeFor(2 * MS - u.now());
                    byte[] last = new byte[1024];
                    last[0] = 12;
                    u.compose(u.sendArea(), 1024);
                    u.send(ch, u.sendArea(), last);
                    return;
                }
                u.computeFor(MS);
                for (Unet.Message m = u.poll(); m != null; m = u.poll()) {
                    got.add((int) m.data()[0]);
                    assertEquals(m.data().length <= 48, m.buffer() < 0, "small messages come in the descriptor");
                }
                assertEquals(List.of(0, 1, 2, 3, 10, 11), got, "the messages that found a buffer, and the inline ones");
                Unet.Message m = u.next(3 * MS);
                assertNotNull(m);
                got.add((int) m.data()[0]);
            }
        }));
        assertEquals(List.of(0, 1, 2, 3, 10, 11, 12), got);
        assertEquals(6, res.counter("unet.dropped.no_free_buffer"));
        assertEquals(5, res.counter("unet.delivered"));
        assertEquals(2, res.counter("unet.delivered_inline"));
        assertEquals(11, res.counter("unet.fetched"), "the NIC DMAs the 1 KB messages from the segment");
        Ledger l = res.ledger();
        assertTrue(l.kept(), "drops of a stack that promises nothing keep the ledger: " + l);
        assertEquals(13, l.sent());
        assertEquals(7, l.handledOnce());
        assertEquals(6, l.dropped());
        assertEquals(0, l.lost());
    }

    /** A send on a channel the kernel never installed is refused by the NIC, and never enters the ledger. */
    @Test
    void aSendOnAChannelTheKernelDidNotInstallIsRefused() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro");
        RunResult res = Systems.run(Systems.cluster(r, "unet", UnetProgram.class, h -> h != 0 ? null
                : new UnetProgram() {
                    @Override
                    @continuable
                    public void run(Unet u) {
                        u.send(7, u.sendArea(), new byte[8]);
                    }
                }));
        assertEquals(1, res.counter("unet.refused.no_channel"));
        assertEquals(0, res.counter("unet.transmitted"));
        assertEquals(0, res.ledger().sent());
    }

    /**
     * U-Net/MM: host 0 sends 1 KB from a fresh page at 100 us, and from the same page again at 200 us; host 1 notes
     * each arrival. The first send's page misses the NIC's TLB: the NIC waits for the host's kernel, interrupted
     * (10 us on ppro), to pin the page (a pin call, 1.5 us, and one page, 1 us) and write the entry by PIO (2 words
     * with write combining: 139 ns and 8 B at 132 MB/s, 0.2 us), then takes it in (20 LANai cycles, 0.61 us):
     * 13.3 us in all. The second hits and costs nothing more (the 8-cycle lookup both pay). So the first message
     * is 13.3 us slower, and the NIC counts one miss.
     */
    @Test
    void aTlbMissCostsTheKernelsFillOnceAndAHitNothing() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro");
        long[] took = new long[2];
        RunResult res = Systems.run(Systems.cluster(r, "unet-mm", UnetProgram.class, h -> h > 1 ? null : new UnetProgram() {
            @Override
            @continuable
            public void run(Unet u) {
                if (h == 0) {
                    int ch = u.createChannel(1);
                    for (int k = 0; k < 2; k++) {
                        u.computeFor((k + 1) * 100 * US - u.now());
                        u.compose(0x40_0000L, 1024);
                        u.send(ch, 0x40_0000L, new byte[1024]);
                    }
                    return;
                }
                for (int k = 0; k < 2; k++) {
                    u.next(Long.MAX_VALUE);
                    took[k] = u.now() - (k + 1) * 100 * US;
                }
            }
        }));
        assertEquals(1, res.counter("unet.tlb.misses"));
        long extra = took[0] - took[1];
        assertTrue(extra > 13_100_000L && extra < 13_500_000L, "the miss costs " + extra + " ps");
        assertEquals(0, res.counter("host.copied_bytes"), "U-Net/MM sends from user memory without a copy");
    }
}
