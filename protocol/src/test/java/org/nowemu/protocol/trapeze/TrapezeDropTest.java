package org.nowemu.protocol.trapeze;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.support.Systems;

/** Trapeze promises nothing: a packet that finds no free receive-ring entry is dropped, counted, and the run goes on. */
class TrapezeDropTest {
    private static final long MS = 1_000_000_000L;

    /**
     * Two hosts, a receive ring of 4 entries. Host 0 sends 10 messages at once, each a 16-byte control message (byte
     * 0 its number) and the even ones a 1 KB payload; host 1 does not look at its ring for 1 ms. Its NIC fills the
     * 4 entries with messages 0..3 (the payloads of 0 and 2 into their frames) and drops 4..9: 6 drops, counted, and
     * no back-pressure (the link keeps draining). At 1 ms host 1 takes 0..3, handing each entry back. At 2 ms host 0
     * sends 3 more (10..12), all taken. The ledger: 13 sent without a promise, 7 handled once, 6 dropped; kept.
     * Payloads fetched from host memory by the sending NIC: the even ones of 0..12, 7.
     */
    @Test
    void aMessageWithNoFreeRingEntryIsDroppedAndCountedAndTheRunGoesOn() {
        List<String> got = new ArrayList<>();
        RunResult res = Systems.runPproPair("nowemu.protocol.trapeze.recv-ring = 4", "trapeze", TrapezeProgram.class,
                new TwoBursts(), new LateReceiver(got));
        assertEquals(List.of("0:1024", "1:0", "2:1024", "3:0", "10:1024", "11:0", "12:1024"), got);
        assertEquals(6, res.counter("trapeze.dropped.no_ring_entry"));
        assertEquals(7, res.counter("trapeze.delivered"));
        assertEquals(7, res.counter("trapeze.payloads_fetched"));
        assertEquals(13, res.counter("trapeze.transmitted"));
        assertEquals(13, res.counter("trapeze.delivered") + res.counter("trapeze.dropped.no_ring_entry"),
                "every packet reached the receiving NIC: a full ring does not hold the sender back");
        Systems.assertKeptWithDrops(res.ledger(), 13, 7, 6);
    }

    /** Messages 0..9 to host 1 at once (the even ones with a 1 KB payload), then 10..12 at 2 ms. */
    private record TwoBursts() implements TrapezeProgram {
        @Override
        public void run(Trapeze t) {
            for (int k = 0; k < 10; k++) {
                t.send(1, control(k), k % 2 == 0 ? 1024 : 0);
            }
            t.computeFor(2 * MS - t.now());
            for (int k = 10; k < 13; k++) {
                t.send(1, control(k), k % 2 == 0 ? 1024 : 0);
            }
        }
    }

    /** Takes what is in its ring at 1 ms, then the rest until 7 are in {@code got} ("number:payload"). */
    private record LateReceiver(List<String> got) implements TrapezeProgram {
        @Override
        public void run(Trapeze t) {
            t.computeFor(MS);
            for (Trapeze.Message m = t.poll(); m != null; m = t.poll()) {
                got.add(m.control()[0] + ":" + m.payload());
            }
            assertEquals(List.of("0:1024", "1:0", "2:1024", "3:0"), got, "the messages that found an entry");
            while (got.size() < 7) {
                Trapeze.Message m = t.next(3 * MS);
                got.add(m.control()[0] + ":" + m.payload());
            }
        }
    }

    /**
     * With interrupts on, a host waiting for a message sleeps and pays the kernel handler's dispatch (ppro: 10 us)
     * once per wake-up: host 1 waits for 3 messages sent 100 us apart, so it is interrupted 3 times, and each message
     * is taken later than by a polling host by that dispatch, plus the interrupt's way from the NIC, give or take the
     * polling host's phase in its loop of polls (one poll is a call, 80 cycles of 5 ns, and a cached look, 5 ns:
     * 0.4 us). The interrupt's way: the bus signals the entry's landing to the host and the transfer's end to the
     * DMA engine together; the engine tells the LANai one cycle later, and the LANai's interrupt event reaches the
     * host one cycle after that: two LANai cycles of 33 MHz, 2 x 30,303 ps = 60,606 ps after the entry landed.
     */
    @Test
    void anInterruptedWaitPaysTheKernelDispatchOncePerWakeUp() {
        long[] polled = latencies("false");
        long[] interrupted = latencies("true");
        for (int k = 0; k < 3; k++) {
            long extra = interrupted[k] - polled[k];
            assertTrue(extra > 9_650_606L && extra <= 10_060_606L, "message " + k + ": " + extra + " ps later");
        }
    }

    private static long[] latencies(String interrupts) {
        long[] at = new long[3];
        RunResult res = Systems.runPproPair("nowemu.protocol.stacks.trapeze.interrupts = " + interrupts, "trapeze",
                TrapezeProgram.class, new Paced(), new Waiter(at));
        assertEquals(interrupts.equals("true") ? 3 : 0, res.counter("host.interrupts"));
        return at;
    }

    /** Message k to host 1 at (k + 1) x 100 us, for k = 0..2. */
    private record Paced() implements TrapezeProgram {
        @Override
        public void run(Trapeze t) {
            for (int k = 0; k < 3; k++) {
                t.computeFor((k + 1) * 100_000_000L - t.now());
                t.send(1, control(k), 0);
            }
        }
    }

    /** Waits for three messages; at[k] is when message k was taken, after it was sent. */
    private record Waiter(long[] at) implements TrapezeProgram {
        @Override
        public void run(Trapeze t) {
            for (int k = 0; k < 3; k++) {
                t.next(Long.MAX_VALUE);
                at[k] = t.now() - (k + 1) * 100_000_000L;
            }
        }
    }

    private static byte[] control(int k) {
        byte[] c = new byte[16];
        c[0] = (byte) k;
        return c;
    }
}
