package org.nowemu.protocol.bip;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/** BIP's mechanisms on ppro, two hosts on one switch, each shown by what the programs and the counters see. */
class BipTest {
    private static final ConfigReader PPRO = AmNets.config("nowemu.hardware.profile = ppro");

    private static RunResult run(BipProgram sender, BipProgram receiver) {
        return Systems.run(Systems.pair(PPRO, "bip", BipProgram.class, sender, receiver));
    }

    /**
     * Rendezvous: host 0 sends 256 KB on tag 0 at once; host 1 computes for 2 ms before it posts its receive. The
     * first packets wait in the receiving NIC's SRAM (4 buffers of 4 KB), the link stops, the sending NIC's two
     * buffers fill and its fetches stop: the send cannot complete before the receive is posted (nothing on the
     * wire takes 256 KB), and when it is, every byte arrives, once. Nothing is dropped: the ledger is kept.
     */
    @Test
    void aLongMessageWaitsForItsReceiveAndIsNeverDropped() {
        long[] sendReturned = new long[1];
        long[] posted = new long[1];
        List<Bip.Received> got = new ArrayList<>();
        RunResult r = run(new Long256k(sendReturned), new LatePost(posted, got));
        assertTrue(posted[0] >= 2_000_000_000L);
        assertTrue(sendReturned[0] > posted[0], "the send was held back until the receive was posted");
        assertEquals(List.of(new Bip.Received(0, 262144)), got);
        assertTrue(r.counter("bip.held") > 0, "packets waited in the receiving NIC");
        assertEquals(0, r.counter("bip.damaged.crc_error") + r.counter("bip.damaged.truncated"));
        assertTrue(r.ledger().kept(), r.ledger().toString());
        assertEquals(1, r.ledger().handledOnce());
    }

    /** 256 KB to host 1 on tag 0; sendReturned[0] is when the send returned. */
    private record Long256k(long[] sendReturned) implements BipProgram {
        @Override
        public void run(Bip b) {
            b.tsend(1, 0, b.buffer(262144), 262144);
            sendReturned[0] = b.now();
        }
    }

    /** Posts its receive of 256 KB on tag 0 after 2 ms (posted[0] is when), and notes what it got. */
    private record LatePost(long[] posted, List<Bip.Received> got) implements BipProgram {
        @Override
        public void run(Bip b) {
            Bip.Buffer in = b.buffer(262144);
            b.computeFor(2_000_000_000L);
            posted[0] = b.now();
            got.add(b.trecv(0, in, 262144));
        }
    }

    /**
     * Short messages, up to the copy threshold (1 KB), are sent by PIO without translating anything and copied out of
     * the tag's ring by the receive; one of 1028 B is long: the sender pins its buffer's one page, and the NIC puts
     * it straight into the user's buffer, nothing copied. The receiver's own buffer (4 pages of 16 KB) is pinned
     * when its first receive is posted.
     */
    @Test
    void shortMessagesBelowTheThresholdAreCopiedLongOnesAreNot() {
        List<Bip.Received> got = new ArrayList<>();
        RunResult r = run(new ShortAndLong(), new Receives(16384, 0, new int[] {0, 0, 0}, got));
        assertEquals(List.of(new Bip.Received(0, 4), new Bip.Received(0, 1024), new Bip.Received(0, 1028)), got);
        assertEquals(4 + 1024, r.counter("bip.copied_bytes"), "the two short ones copied, the long one not");
        assertEquals(2, r.counter("bip.sent_short"));
        assertEquals(1, r.counter("bip.sent_long"));
        assertEquals(1 + 4, r.counter("bip.pinned_pages"), "the sender's page for the long send, the receiver's 4");
        assertEquals(2, r.counter("bip.ring_delivered"));
        assertEquals(1, r.counter("bip.long_delivered"));
    }

    /**
     * Tags select queues: host 0 sends 8 B on tag 1, then 12 B on tag 2; host 1 waits until both are in, then
     * receives on tag 2 first: it gets the 12 B one, the later, then the 8 B one on tag 1. Within a queue, order is
     * kept: three messages of 4, 8 and 16 B on tag 3 come out as sent.
     */
    @Test
    void tagsSelectReceiveQueues() {
        List<Bip.Received> got = new ArrayList<>();
        RunResult r = run(new OnTags(), new Receives(64, 100_000_000L, new int[] {2, 1, 3, 3, 3}, got));
        assertEquals(List.of(new Bip.Received(0, 12), new Bip.Received(0, 8), new Bip.Received(0, 4),
                new Bip.Received(0, 8), new Bip.Received(0, 16)), got);
        assertTrue(r.ledger().kept(), r.ledger().toString());
    }

    /** 4 B, 1024 B and 1028 B to host 1 on tag 0, from a buffer of 2 KB. */
    private record ShortAndLong() implements BipProgram {
        @Override
        public void run(Bip b) {
            Bip.Buffer out = b.buffer(2048);
            b.tsend(1, 0, out, 4);
            b.tsend(1, 0, out, 1024);
            b.tsend(1, 0, out, 1028);
        }
    }

    /** 8 B on tag 1, 12 B on tag 2, then 4, 8 and 16 B on tag 3, to host 1. */
    private record OnTags() implements BipProgram {
        @Override
        public void run(Bip b) {
            Bip.Buffer out = b.buffer(64);
            b.tsend(1, 1, out, 8);
            b.tsend(1, 2, out, 12);
            for (int n : new int[] {4, 8, 16}) {
                b.tsend(1, 3, out, n);
            }
        }
    }

    /** After {@code waitPs}, one receive on each of {@code tags} in turn into a buffer of {@code bytes}: into got. */
    private record Receives(int bytes, long waitPs, int[] tags, List<Bip.Received> got) implements BipProgram {
        @Override
        public void run(Bip b) {
            Bip.Buffer in = b.buffer(bytes);
            if (waitPs > 0) {
                b.computeFor(waitPs);
            }
            for (int tag : tags) {
                got.add(b.trecv(tag, in, bytes));
            }
        }
    }

    /**
     * The packet size from the total length, on ppro (stages of PacketSizes: the host DMAs at 123 MB/s after 5 LANai
     * cycles and 0.5 us a page, 151.5 + 651.5 ns; the send stage 17 cycles and P + 16 B at 160 MB/s; the receive
     * stage 10 cycles and the same bytes). 8 KB: one packet of 8 KB (two pages) takes 68.06 + 51.82 + 51.60 + 68.06 =
     * 239.5 us; two of 4 KB 34.10 + 26.22 + 26.00 + 34.10 + 34.10 = 154.5 us; eight of 1 KB 9.13 + 7.02 + 6.80 + 9.13
     * + 7 x 9.13 = 96.0 us; sixteen of 512 B 4.97 + 3.82 + 3.60 + 4.97 + 15 x 4.97 = 91.8 us; thirty-two of 256 B
     * 2.88 + 2.22 + 2.00 + 2.88 + 31 x 2.88 = 99.4 us; sizes that straddle pages (five of 1640 B: 110.2 us, twelve of
     * 684 B: 100.8 us) pay a DMA more a packet. So 512 B. 1 MB: 256 packets of 4 KB take 120.4 + 255 x 34.10 =
     * 8,817 us, 128 of 8 KB 239.5 + 127 x 68.06 = 8,883 us, 512 of 2 KB 61.5 + 511 x 17.45 = 8,980 us: 4 KB. Just
     * above the short limit, 1028 B (at most 4 packets of 256 B or more, each straddling a page: two DMAs a host
     * stage): whole, 9.81 + 7.04 + 6.83 + 9.81 = 33.5 us; 2 of 516 B 5.65 + 3.84 + 3.63 + 5.65 + 5.65 = 24.4 us; 3
     * of 344 B 4.25 + 2.77 + 2.55 + 4.25 + 2 x 4.25 = 22.3 us; 4 of 260 B 3.57 + 2.24 + 2.03 + 3.57 + 3 x 3.57 =
     * 22.1 us: 260 B, even this short a message pipelines.
     */
    @Test
    void packetSizeIsChosenFromTheTotalLength() {
        HardwareProfile ppro = HardwareProfile.read(PPRO);
        BipSettings s = (BipSettings) Systems.settings(PPRO, "bip");
        PacketSizes sizes = new PacketSizes(s, ppro);
        assertEquals(512, sizes.packet(8192));
        assertEquals(4096, sizes.packet(1 << 20));
        assertEquals(260, sizes.packet(1028));
        BipSettings fixed = (BipSettings) Systems.settings(AmNets.config("nowemu.hardware.profile = ppro\n"
                + "nowemu.protocol.stacks.bip.packet-size = 256B"), "bip");
        assertEquals(256, new PacketSizes(fixed, ppro).packet(8192));
    }
}
