package org.nowemu.protocol.parts.staged;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.hardware.link.Packet;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.parts.steps.FirmwareSteps;
import org.nowemu.protocol.support.BenchNic;

/**
 * The send path driven directly, its NIC played by a bench ({@link BenchNic}): a clock in LANai cycles, one host DMA
 * engine moving 10 bytes a cycle, one after another, and a wire (the send DMA) moving a byte a cycle, packet after
 * packet. Steps: a route lookup 2 cycles, a header 3, a DMA start 4. The log is what left the part, with the cycle it
 * happened at.
 */
class StagedSendTest {
    private static final FirmwareSteps STEPS = new FirmwareSteps(1, 1, 2, 3, 4, 1, 1);
    /** NICs 1 to 3 have routes; 9 has none. */
    private static final Routes ROUTES = Routes.of(new byte[][] {null, {1}, {2}, {3}});

    /** A test message: {@code fetch} bytes to DMA from the host (-1: none), a {@code frame}-byte packet. */
    private record M(String name, int fetch, int frame, int... dests) {
    }

    @Test
    void inOrderTheNextFetchWaitsForABufferAndPacketsLeaveInMessageOrder() {
        Bench b = new Bench(new StagedSend.Options(true, false, false, false, "fetched", "no_route", "transmitted"), 2);
        M m0 = new M("m0", 200, 200, 1);
        M m1 = new M("m1", 100, 100, 2);
        M m2 = new M("m2", -1, 50, 3); // a control message alone: in the descriptor, no buffer
        M m3 = new M("m3", 300, 300, 1);
        b.at(0, () -> {
            b.send.add(m0);
            b.send.add(m1);
            b.send.add(m2);
            b.send.add(m3);
            b.send.pump();
        });
        b.run();
        // t=0: m0 takes buffer 1, DMA start 4 -> fetch at 4 (engine 200/10 = 20 cycles: in at 24); m1 takes buffer
        //   2 -> fetch at 8 (engine busy until 24: in at 34); m2 needs none; m3 finds no buffer and waits.
        // t=24: m0 in: route 2, header+DMA 7 -> on the wire at 33 (200 cycles: tail at 233).
        // t=34: m1 in -> wire at 43 (after m0: tail at 333); m2, behind it and ready -> wire at 52 (tail at 383).
        // t=233: m0's tail left: its buffer frees, m3 takes it -> fetch at 237 (in at 267) -> wire at 276, after m2
        //   (tail at 683). Then m1, m2 and m3 leave as their tails do.
        assertEquals(List.of("fetch m0 200 @4", "fetch m1 100 @8", "wire m0->1 @33", "wire m1->2 @43",
                "wire m2->3 @52", "left m0 @233", "fetch m3 300 @237", "wire m3->1 @276", "left m1 @333",
                "left m2 @383", "left m3 @683"), b.log);
        assertEquals(3, b.count("fetched"));
        assertEquals(4, b.count("transmitted"));
        assertEquals(2, b.send.buffersFree());
    }

    @Test
    void eachAsSoonAsStagedCopiesRoutedFirstAndAPioPacketHoldsABuffer() {
        Bench b = new Bench(new StagedSend.Options(false, true, false, false, "fetched", "no_route", "transmitted"), 2);
        M a = new M("a", 200, 200, 1, 9, 2); // a multisend: three copies, one with no route
        M p = new M("p", -1, 40, 3); // written into a send buffer by PIO: nothing to fetch
        M lost = new M("x", -1, 40, 9);
        b.at(0, () -> {
            b.send.add(a);
            b.send.pump();
            b.send.add(p);
            b.send.pump();
        });
        b.at(100, () -> b.send.control(2, new byte[30]));
        b.at(1000, () -> {
            b.send.add(lost);
            b.send.pump();
        });
        b.run();
        // t=0: a takes buffer 1 -> fetch at 4 (in at 24). p takes buffer 2, no fetch: it overtakes a: route 2 at 6,
        //   header+DMA at 13 -> wire at 13 (40 cycles: tail at 53).
        // t=24: a in: three route lookups (at 30; 9 has none, counted), then one send per routed copy: at 37 to 1
        //   (tail at 53 + 200 = 253), at 44 to 2 (tail at 453).
        // t=53: p has left, its buffer free. t=100: a control packet: route+header+DMA 9 -> wire at 109 (after a's
        //   copies: tail at 483); nothing of the host's leaves with it. t=453: a's last copy: a has left.
        // t=1000: x takes a buffer, finds no route at 1002 and leaves unsent at once.
        assertEquals(List.of("fetch a 200 @4", "wire p->3 @13", "wire a->1 @37", "wire a->2 @44", "left p @53",
                "control->2 @109", "left a @453", "unsent x @1002"), b.log);
        assertEquals(2, b.count("no_route"));
        assertEquals(3, b.count("transmitted")); // p and a's two copies; not the control packet
        assertEquals(2, b.send.buffersFree());
    }

    @Test
    void fetchesCutAtPageBoundariesAndRouteHeaderAndDmaStartChargedAsOneStep() {
        Bench b = new Bench(new StagedSend.Options(false, false, false, false, "fetched", "no_route", null, 100, true),
                1);
        b.logInSram = true;
        M m0 = new M("m0", 180, 180, 1); // its bytes at 250: half a page, a page, then 30 bytes
        M m1 = new M("m1", -1, 20, 2); // in SRAM already (PIO): no fetch, no buffer
        b.at(0, () -> {
            b.send.add(m0);
            b.send.add(m1);
            b.send.pump();
        });
        b.run();
        // t=0: m0 takes the buffer; three fetches, each a DMA start of 4: 50 bytes at 4 (engine to 9), 100 at 8 (to
        //   19), its last 30 at 12 (in at 22). m1, in SRAM, goes at once: route+header+DMA as one step of 9 -> wire
        //   at 21 (20 cycles: tail at 41).
        // t=22: m0 is in SRAM (the system hears first), then its one step -> wire at 31, after m1 (tail at 221).
        assertEquals(List.of("fetch piece 50 @4", "fetch piece 100 @8", "fetch m0 30 @12", "wire m1->2 @21",
                "in m0 @22", "wire m0->1 @31", "left m1 @41", "left m0 @221"), b.log);
        assertEquals(3, b.count("fetched"));
        assertEquals(1, b.send.buffersFree());
    }

    /** The NIC around the part: a DMA engine and a wire; and the system's side, which logs what the part does. */
    private static final class Bench extends BenchNic implements StagedSend.Messages<M>, StagedSend.Dma<M> {
        final StagedSend<M> send;
        /** Whether the system logs each message's arrival in SRAM. */
        boolean logInSram;
        private long dmaFree;
        private long wireFree;

        Bench(StagedSend.Options options, int buffers) {
            super(null);
            send = new StagedSend<>(this, STEPS, ROUTES, buffers, options, this, (StagedSend.Dma<M>) this);
        }

        @Override
        public void fromHost(int bytes, StagedSend.Slot<M> slot) {
            log.add("fetch " + (slot == null ? "piece" : slot.m.name()) + " " + bytes + " @" + cursor);
            dmaFree = Math.max(dmaFree, cursor) + bytes / 10;
            if (slot != null) {
                at(dmaFree, () -> send.fetched(slot));
            }
        }

        /** Every message's bytes start half a page into a 100-byte page. */
        @Override
        public long address(M m) {
            return 250;
        }

        @Override
        public void inSram(M m) {
            if (logInSram) {
                log.add("in " + m.name() + " @" + cursor);
            }
        }

        private static String nameIn(byte[] body) {
            int n = 0;
            while (body[n] != 0) {
                n++;
            }
            return new String(body, 0, n, java.nio.charset.StandardCharsets.US_ASCII);
        }

        @Override
        public void transmit(Packet packet) {
            log.add(packet.body().length == 30 ? "control->" + packet.route()[0] + " @" + cursor
                    : "wire " + nameIn(packet.body()) + "->" + packet.route()[0] + " @" + cursor);
            wireFree = Math.max(wireFree, cursor) + packet.body().length;
            at(wireFree, send::sent);
        }

        @Override
        public int fetchBytes(M m) {
            return m.fetch();
        }

        @Override
        public int copies(M m) {
            return m.dests().length;
        }

        @Override
        public int dest(M m, int copy) {
            return m.dests()[copy];
        }

        /** The message's name at the head of its packet, zeros after. */
        @Override
        public byte[] frame(M m, int copy) {
            byte[] f = new byte[m.frame()];
            byte[] name = m.name().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            System.arraycopy(name, 0, f, 0, name.length);
            return f;
        }

        @Override
        public void left(M m, boolean sent) {
            log.add((sent ? "left " : "unsent ") + m.name() + " @" + cursor);
            send.pump();
        }
    }
}
