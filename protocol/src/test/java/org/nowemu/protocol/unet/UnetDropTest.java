package org.nowemu.protocol.unet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.javaflow.api.continuable;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
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
        List<Integer> got = new ArrayList<>();
        RunResult res = Systems.runPproPair("nowemu.protocol.unet.free-queue = 4", "unet", UnetProgram.class,
                new TwoBursts(), new LateReceiver(got));
        assertEquals(List.of(0, 1, 2, 3, 10, 11, 12), got);
        assertEquals(6, res.counter("unet.dropped.no_free_buffer"));
        assertEquals(5, res.counter("unet.delivered"));
        assertEquals(2, res.counter("unet.delivered_inline"));
        assertEquals(11, res.counter("unet.fetched"), "the NIC DMAs the 1 KB messages from the segment");
        Systems.assertKeptWithDrops(res.ledger(), 13, 7, 6);
    }

    /** Messages 0..9 of 1 KB and 10, 11 of 16 B to host 1 at once, then 12 of 1 KB at 2 ms. */
    private record TwoBursts() implements UnetProgram {
        @Override
        public void run(Unet u) {
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
        }
    }

    /** Takes what has come at 1 ms, then one more; {@code got} has byte 0 of each. */
    private record LateReceiver(List<Integer> got) implements UnetProgram {
        @Override
        public void run(Unet u) {
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
    }

    /** A send on a channel the kernel never installed is refused by the NIC, and never enters the ledger. */
    @Test
    void aSendOnAChannelTheKernelDidNotInstallIsRefused() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro");
        RunResult res = Systems.run(Systems.pair(r, "unet", UnetProgram.class, new NoChannel(), null));
        assertEquals(1, res.counter("unet.refused.no_channel"));
        assertEquals(0, res.counter("unet.transmitted"));
        assertEquals(0, res.ledger().sent());
    }

    /** Sends on channel 7, which nobody made. */
    private record NoChannel() implements UnetProgram {
        @Override
        public void run(Unet u) {
            u.send(7, u.sendArea(), new byte[8]);
        }
    }

    /**
     * U-Net/MM: host 0 sends 1 KB from page P0 at 50 us (a miss, which leaves P0 in the NIC's TLB); at 100 us 1 KB
     * from a fresh page P1 (A, a miss) and at once 1 KB from P0 (B, a hit); at 200 us 1 KB from P1 again (C, a hit);
     * host 1 notes each arrival after its mark. A miss makes the NIC wait for the host's kernel, interrupted (10 us
     * on ppro), to pin the page (a pin call, 1.5 us, and one page, 1 us) and write the entry by PIO (0.2 us), then
     * take it in (20 LANai cycles, 0.61 us): about 13.3 us on an idle host, the kernel's part on host 0's CPU and bus
     * (TlbMissOnHostTest works it out and shows it taken from the program). What the mechanism makes of it is: a miss a page (two, not four), C
     * arriving sooner after its mark than A (the hit costs nothing more), and B, a hit, held up behind A's fill all
     * the same, since the NIC takes its send queue in order: B arrives after A (so later after its mark than C by
     * more than A's extra time), although its own page was in the TLB.
     */
    @Test
    void aTlbMissCostsItsPageOnceAndHoldsUpTheSendsBehindIt() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro");
        long p0 = 0x40_0000L;
        long p1 = 0x80_0000L;
        List<Long> took = new ArrayList<>();
        RunResult res = Systems.run(Systems.pair(r, "unet-mm", UnetProgram.class, new FromPages(p0, p1),
                new Marks(took)));
        assertEquals(2, res.counter("unet.tlb.misses"), "a miss a page");
        long a = took.get(1);
        long b = took.get(2);
        long c = took.get(3);
        assertTrue(a > c, "A's miss costs, C's hit does not: " + took);
        assertTrue(b > a, "B, a hit, waits for A's fill and arrives after it: " + took);
        assertEquals(0, res.counter("host.copied_bytes"), "U-Net/MM sends from user memory without a copy");
    }

    /** 1 KB from page p0 at 50 us, from p1 and p0 at 100 us, from p1 at 200 us. */
    private record FromPages(long p0, long p1) implements UnetProgram {
        @Override
        public void run(Unet u) {
            int ch = u.createChannel(1);
            u.computeFor(50 * US - u.now());
            send(u, ch, p0);
            u.computeFor(100 * US - u.now());
            send(u, ch, p1);
            send(u, ch, p0);
            u.computeFor(200 * US - u.now());
            send(u, ch, p1);
        }
    }

    /** Notes in {@code took} when each of the four arrives after its mark. */
    private record Marks(List<Long> took) implements UnetProgram {
        @Override
        public void run(Unet u) {
            long[] marks = {50 * US, 100 * US, 100 * US, 200 * US};
            for (long mark : marks) {
                Unet.Message m = u.next(Long.MAX_VALUE);
                assertNotNull(m);
                took.add(u.now() - mark);
            }
        }
    }

    @continuable
    private static void send(Unet u, int channel, long page) {
        u.compose(page, 1024);
        u.send(channel, page, new byte[1024]);
    }
}
