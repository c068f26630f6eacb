package org.nowemu.protocol.parts.receive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.protocol.parts.notification.ControlTransfer;
import org.nowemu.protocol.parts.notification.NicInterrupts;
import org.nowemu.protocol.parts.steps.FirmwareSteps;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.BenchNic;

/**
 * The receive path driven directly, its NIC played by a bench ({@link BenchNic}): a clock in LANai cycles and one
 * host DMA engine moving 10 bytes a cycle, one transfer after another. Steps: poll 1 and receive 3 to take a packet, a
 * descriptor 2, a DMA start 4, a flag 5. The system on top is a toy: a packet over 16 bytes has its data written into
 * a host buffer (its descriptor read with the DMA's start) and then a 16-byte entry; a shorter one goes in its entry
 * alone (the descriptor read with the entry's DMA). The log is what left the part, with the cycle it happened at.
 */
class HostReceiveTest {
    private static final FirmwareSteps STEPS = new FirmwareSteps(1, 2, 2, 3, 4, 5, 3);
    private static final int HOST = 7;

    @Test
    void dataThenEntryTheBufferBackWhenTheEntryHasLandedAndDropsAtOnce() {
        Bench b = new Bench(null, 1);
        b.at(0, () -> b.packet("a", 200, NicEvent.Status.OK));
        b.at(20, () -> b.packet("b", 100, NicEvent.Status.CRC_ERROR));
        b.at(25, () -> b.packet("c", 100, NicEvent.Status.OK));
        b.at(35, () -> b.packet("x", 50, NicEvent.Status.OK));
        b.at(40, () -> b.packet("d", 8, NicEvent.Status.OK));
        b.run();
        // t=0: a taken (poll+receive: 4); descriptor+DMA start 6 -> data at 10 (engine: 200/10 = 20 cycles, to 30);
        //   entry's DMA start 4 -> at 14 (engine 1 cycle after the data: lands at 31). The ring's one entry is used.
        // t=20: b came damaged: taken at 24, dropped, its buffer back at once.
        // t=25: c taken at 29; no ring entry: dropped, its buffer back.
        // t=31: a's entry has landed: its buffer back, then the system hears (and the host gives the entry back).
        // t=35: x taken at 39; it does not decode (the toy's rule for a body starting with x): dropped, buffer back.
        // t=40: d taken at 44, in its entry alone: descriptor+DMA start 6 -> at 50 (engine idle: lands at 51).
        assertEquals(List.of("data 200 @10", "entry a @14", "repost @24", "repost @29", "repost @31", "landed a @31",
                "repost @39", "entry d @50", "repost @51", "landed d @51"), b.log);
        assertEquals(1, b.count("test.dropped.malformed"));
        assertEquals(1, b.count("test.dropped.crc_error"));
        assertEquals(1, b.count("test.dropped.ring_full"));
    }

    @Test
    void theInterruptBitCostsAFlagAndTheInterruptGoesWhenTheEntryHasLanded() {
        NicInterrupts interrupts = new NicInterrupts(ControlTransfer.INTERRUPTS, 1, "interrupt", "test");
        Bench b = new Bench(interrupts, 8);
        b.at(0, () -> {
            interrupts.start(b, HOST, true);
            b.packet("a", 300, NicEvent.Status.OK);
            b.packet("e", 500, NicEvent.Status.OK);
            b.log.add("idle @" + b.cursor);
        });
        b.at(100, () -> {
            interrupts.polled(2);
            b.packet("g", 8, NicEvent.Status.OK);
            b.log.add("idle @" + b.cursor);
        });
        b.run();
        // t=0: a taken at 4, data at 10 (engine to 40), entry at 14 (lands at 41), its interrupt bit: flag to 19.
        //   e taken at 23, data at 29 (engine busy until 41, then 50 cycles: to 91), entry at 33 (lands at 92),
        //   flag to 38.
        // t=41: a has landed: buffer back, then the interrupt (none outstanding), then the system hears.
        // t=92: e has landed: its interrupt would be the second before the host polled: none.
        // t=100: the host polled; g taken at 104, in its entry at 110 (lands at 111), flag to 115; at 111 an
        //   interrupt again.
        assertEquals(List.of("data 300 @10", "entry a @14", "data 500 @29", "entry e @33", "idle @38",
                "repost @41", "interrupt @41", "landed a @41", "repost @92", "landed e @92", "entry g @110",
                "idle @115", "repost @111", "interrupt @111", "landed g @111"), b.log);
        assertEquals(2, b.count("test.interrupts"));
    }

    /** The NIC around the part (a DMA engine) and the toy system on top, which logs what the part does. */
    private static final class Bench extends BenchNic implements HostReceive.Dma<String>, HostReceive.Landing<String> {
        final HostReceive<String> receive;
        private long dmaFree;
        private int ringFree;

        Bench(NicInterrupts interrupts, int ring) {
            super(AmNets.profile(AmNets.config("")).nic());
            receive = new HostReceive<>(this, STEPS, "test.dropped.", interrupts, (HostReceive.Dma<String>) this,
                    this);
            ringFree = ring;
        }

        /** The toy system's receive: a packet named {@code name}, {@code bytes} long, from the receive DMA. */
        void packet(String name, int bytes, NicEvent.Status status) {
            byte[] body = new byte[bytes];
            body[0] = name.getBytes(StandardCharsets.US_ASCII)[0];
            byte[] got = receive.accept(new NicEvent.PacketReceived(Packet.create(0, 1, new byte[0], body), status),
                    b -> b[0] == 'x' ? null : b);
            if (got == null) {
                return;
            }
            if (ringFree == 0) {
                receive.drop("ring_full");
                return;
            }
            ringFree--;
            boolean data = got.length > 16;
            if (data) {
                receive.data(got.length, -1, null, STEPS.descriptor());
            }
            receive.entry(16, HOST, "entry " + name, data ? 0 : STEPS.descriptor(), name);
        }

        @Override
        public void toHost(int bytes, int host, Object payload, String landed) {
            log.add((payload == null ? "data " + bytes : payload) + " @" + cursor);
            dmaFree = Math.max(dmaFree, cursor) + Math.max(1, bytes / 10);
            if (landed != null) {
                at(dmaFree, () -> receive.landed(landed));
            }
        }

        @Override
        public void landed(String entry) {
            log.add("landed " + entry + " @" + cursor);
            ringFree++; // the host takes the entry and gives it back
        }

        @Override
        public void postReceive(int buffers) {
            log.add("repost @" + cursor);
        }

        @Override
        public void tell(int component, long delayPs, Object payload) {
            assertEquals(HOST, component);
            log.add(payload + " @" + cursor);
        }
    }
}
