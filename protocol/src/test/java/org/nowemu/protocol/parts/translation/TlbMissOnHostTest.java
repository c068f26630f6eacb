package org.nowemu.protocol.parts.translation;

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
import org.nowemu.protocol.unet.Unet;
import org.nowemu.protocol.unet.UnetProgram;

/**
 * A NIC TLB miss is host work (U-Net/MM on ppro): the NIC interrupts the host, the kernel's handler preempts the
 * program on its CPU (dispatch, pin), writes the entry into the NIC by PIO over the bus the NIC's DMA uses, and
 * only then may the program go on. So a program computing while its NIC misses finishes later by the handler's
 * time, sees the interrupt it lost its CPU to, and a bus busy with DMA makes the handler, and the miss, longer.
 *
 * <p>The handler by hand, from the ppro profile: the interrupt's dispatch 10 us, the pin call 1.5 us and one page
 * 1 us: 12,500,000 ps of CPU. Then the entry's 2 words by PIO: one LANai cycle (30,303 ps) for the write to reach
 * the bus, a write-combined line of 2 words, 139 ns + 8 B at 132 MB/s = 199,606 ps on it, one LANai cycle for the
 * bus's answer to come back: the handler holds the CPU 12,500,000 + 30,303 + 199,606 + 30,303 = 12,760,212 ps on an
 * idle bus. A DMA holding the bus keeps the write waiting until its current burst ends: at most a 128-byte burst,
 * at 126 MB/s (streaming writes into host memory) 1,015,873 ps, at 123 MB/s (consistent) 1,040,650 ps.
 */
class TlbMissOnHostTest {
    private static final long US = 1_000_000L;
    /** The program's work after each send (ps). */
    private static final long WORK = 200 * US;
    private static final long HANDLER_IDLE_BUS = 12_760_212L;
    private static final long BURST = 1_040_650L;
    private static final long PAGE = 0x40_0000L;

    /**
     * Host 0 sends 1 KB from page P at 50 us (a miss) and computes 200 us; then 1 KB from P again (a hit) and
     * computes 200 us. The first work takes 200 us + the handler, 212,760,212 ps, the second 200 us exactly (the
     * poll that ends each costs the same both times, and is taken out by the difference): the difference is the
     * handler, 12,760,212 ps. The program counts one interrupt served after the first work, still one after the
     * second; the host's counters say one interrupt and 12,760,212 ps of kernel time.
     */
    @Test
    void aMissTakesTheKernelsTimeFromAComputingProgramWhichSeesTheInterrupt() {
        List<Long> seen = new ArrayList<>();
        RunResult res = run("", new MissThenHit(false, seen), new Takes(2));
        assertEquals(1, res.counter("unet.tlb.misses"));
        assertEquals(1, res.counter("unet.tlb.interrupts"), "the NIC interrupts the host for its one miss");
        assertEquals(1, res.counter("host.interrupts"), "and the host's kernel takes it");
        assertEquals(HANDLER_IDLE_BUS, res.counter("host.kernel_ps"));
        assertEquals(List.of(1L, 1L), List.of(seen.get(1), seen.get(3)), "the program sees one interrupt: " + seen);
        long missWork = seen.get(0);
        long hitWork = seen.get(2);
        assertEquals(HANDLER_IDLE_BUS, missWork - hitWork, "the miss's work is longer by the handler: " + seen);
        assertTrue(hitWork >= WORK && hitWork < WORK + US, "the hit's work is the work and a poll: " + hitWork);
    }

    /**
     * The same program, with 4 KB from page Q (in the NIC's TLB since the start) sent just before P's first 1 KB:
     * the NIC fetches Q's 4 KB by a consistent DMA that holds host 0's bus 4096 B / 123 MB/s = 33.3 us, and, with
     * its second SRAM send buffer free, looks P up meanwhile, misses and interrupts the host. The kernel's PIO
     * install comes 12.5 us later, with the fetch still under way, and waits for its burst to end. The handler, and
     * with it the program's first work and the NIC's wait for the entry, is longer than on an idle bus, by at most a
     * burst: 12,760,212 < handler <= 12,760,212 + 1,040,650. The hit's work is unchanged: DMA into memory takes no
     * CPU.
     */
    @Test
    void aMissOnAHostWhoseBusIsBusyWithDmaCostsMore() {
        List<Long> seen = new ArrayList<>();
        RunResult res = run("", new MissThenHit(true, seen), new Takes(4));
        long missWork = seen.get(0);
        long hitWork = seen.get(2);
        long handler = missWork - hitWork;
        assertTrue(handler > HANDLER_IDLE_BUS, "the install waits for the bus: " + handler);
        assertTrue(handler <= HANDLER_IDLE_BUS + BURST, "for one burst at most: " + handler);
        assertEquals(List.of(2L, 2L), List.of(seen.get(1), seen.get(3)), "the program sees Q's interrupt and P's");
        assertTrue(res.counter("bus.dma_yields") > 0, "the DMA let the PIO pass at a burst's end");
    }

    private static RunResult run(String extra, UnetProgram first, UnetProgram second) {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro\n" + extra);
        return Systems.run(Systems.pair(r, "unet-mm", UnetProgram.class, first, second));
    }

    /**
     * At 50 us 1 KB from P, then WORK; then 1 KB from P again, then WORK; if {@code busy}, 4 KB from page Q at
     * the start, and again just before P's first send. {@code seen}: each work's length (to the
     * end of a poll that looks at the world, so the time the kernel took shows) and the interrupts served by then.
     */
    private record MissThenHit(boolean busy, List<Long> seen) implements UnetProgram {
        @Override
        public void run(Unet u) {
            int ch = u.createChannel(1);
            if (busy) {
                u.send(ch, 2 * PAGE, new byte[4096]); // page Q's miss, long over by 50 us
            }
            u.computeFor(50 * US - u.now());
            for (int k = 0; k < 2; k++) {
                if (busy && k == 0) {
                    u.send(ch, 2 * PAGE, new byte[4096]); // Q's 4 KB: a hit, fetched by DMA at once
                }
                u.send(ch, PAGE, new byte[1024]);
                long start = u.now();
                work(u);
                seen.add(u.now() - start);
                seen.add(u.process().tlbMissInterrupts());
            }
        }

        @continuable
        private static void work(Unet u) {
            u.computeFor(WORK);
            u.poll();
        }
    }

    /** Takes {@code n} messages. */
    private record Takes(int n) implements UnetProgram {
        @Override
        public void run(Unet u) {
            for (int k = 0; k < n; k++) {
                assertNotNull(u.next(Long.MAX_VALUE));
            }
        }
    }
}
