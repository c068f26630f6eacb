package org.nowemu.hardware.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.HostProgram;
import org.nowemu.hardware.nic.DmaRequest;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.support.TestNets;

class IoBusTest {
    /** A thread that (if asked to) computes 167 cycles (1 us at 167 MHz), then writes 8 words into the NIC by PIO. */
    static final class Writer extends HostThread {
        private final boolean writes;
        private final long cycles;
        private final int words;

        Writer(HardwareProfile p, NicParts nic, boolean writes, long cycles, int words) {
            super(p, nic);
            this.writes = writes;
            this.cycles = cycles;
            this.words = words;
        }

        @Override
        protected Receive createReceive() {
            return Receive.builder()
                    .on(BusRequest.PioDone.class, d -> counter("test.pio_done_ps").add(now()))
                    .on(BusRequest.DmaWrite.class, w -> counter("test.dma_seen_ps").add(now()))
                    .build();
        }

        @Override
        protected void onStart() {
            if (nic.nic() == 0 && writes) {
                compute(cycles);
                pioWrite(words, "descriptor", 1);
            }
        }
    }

    /**
     * On the now profile (SBus PIO write 250 ns a word; one LANai cycle = 26,667 ps), host 0's thread starts the
     * write at 1,000,000 ps; it reaches the bus one cycle later, holds it 8 * 250 ns, and the NIC processor and the
     * thread hear of it one cycle after that: 1,000,000 + 26,667 + 2,000,000 + 26,667 = 3,053,334 ps.
     */
    @Test
    void pioWriteCostsTheBusTimePerWordAndLandsInTheNic() {
        HardwareProfile p = TestNets.now("");
        RunResult r = run(p, new Bench(p, null, null, true, 167, 8));
        assertEquals(3_053_334, r.counter("test.nic_saw_ps"));
        assertEquals(3_053_334, r.counter("test.pio_done_ps"));
        assertEquals(8, r.counter("bus.pio_words"));
    }

    /**
     * NIC 0's firmware starts a 64-byte DMA from host memory at time 0 while host 0's thread issues an 8-word PIO
     * write at 1 us. The DMA reaches the bus after 1 LANai cycle to the engine and its 5-cycle start-up: 160,000 ps.
     * Consistent (start-up 1 us off the bus): the DMA asks for the bus only at 1,160,000 ps, so the PIO, there at
     * 1,026,667 ps, goes first and the NIC sees it at 1,026,667 + 2,000,000 + 26,667 = 3,053,334 ps, as on an idle
     * bus. Streaming (12 us flush on the bus): the flush holds the bus from 160,000 ps and is not interrupted; the
     * PIO takes the bus where it ends, at 12,160,000 ps, before the data's first burst, and the NIC sees it at
     * 12,160,000 + 2,000,000 + 26,667 = 14,186,667 ps.
     */
    @Test
    void pioPassesDuringConsistentDmaSetUpAndWaitsOnlyForAStreamingFlush() {
        HardwareProfile p = TestNets.now("");
        long[] seen = new long[2];
        for (int mode = 0; mode < 2; mode++) {
            boolean streaming = mode == 1;
            seen[mode] = pioBeside(p, DmaRequest.fromHost(64, streaming, 9), 167).counter("test.nic_saw_ps");
        }
        assertEquals(3_053_334, seen[0]);
        assertEquals(14_186_667, seen[1]);
    }

    /**
     * A PIO written while a long DMA moves its data waits for the burst under way, not for the whole transfer. NIC 0
     * reads 8 KiB of host memory by consistent DMA: it asks for the bus at 160,000 + 1,000,000 = 1,160,000 ps and
     * moves 64-byte bursts at 27.3 MB/s, 2,344,322 ps each. The thread computes 10 us (1,670 cycles) and its write
     * reaches the bus at 10,026,667 ps, 8,866,667 ps into the data: in the 4th burst, which ends at 1,160,000 +
     * 4 x 2,344,322 = 10,537,288 ps. The 8 words then hold the bus 2 us, the NIC sees them at 10,537,288 +
     * 2,000,000 + 26,667 = 12,563,955 ps, and the DMA resumes after them: its 300,073,260 ps of data end 2 us late,
     * at 1,160,000 + 300,073,260 + 2,000,000 = 303,233,260 ps, and the LANai hears of it two signals later.
     */
    @Test
    void pioTakesTheBusBetweenTwoBurstsOfALongDma() {
        HardwareProfile p = TestNets.now("");
        RunResult r = pioBeside(p, DmaRequest.fromHost(8192, false, 9), 1670);
        assertEquals(12_563_955, r.counter("test.nic_saw_ps"));
        assertEquals(303_233_260 + 2 * 26_667, r.counter("test.dma_done_ps"));
        assertEquals(1, r.counter("bus.dma_yields"));
    }

    /**
     * Write combining (the ppro profile): 10 words cross as two line bursts of a 32-byte line, 8 words then 2, each
     * paying 139 ns of overhead and its data at 132 MB/s: 139,000 + 242,424 and 139,000 + 60,606 = 581,030 ps,
     * against 10 x 169 ns = 1,690,000 ps word by word. The thread writes after 167 cycles at 200 MHz (835,000 ps);
     * a LANai cycle at 33 MHz is 30,303 ps: the NIC sees the words at 835,000 + 30,303 + 581,030 + 30,303 =
     * 1,476,636 ps, or 2,585,606 ps without combining.
     */
    @Test
    void writeCombiningSendsPioWritesAsLineBursts() {
        for (boolean combining : new boolean[] {true, false}) {
            HardwareProfile p = HardwareProfile.read(new org.nowemu.actors.config.ConfigReader(
                    com.typesafe.config.ConfigFactory.parseString("nowemu.hardware.profile = ppro\n"
                            + "nowemu.hardware.profiles.ppro.bus.write-combining.enabled = " + combining)
                            .withFallback(com.typesafe.config.ConfigFactory.defaultReference()).resolve()));
            assertEquals(combining ? 581_030 : 1_690_000, p.bus().pioWrite(10));
            RunResult r = run(p, new Bench(p, null, null, true, 167, 10));
            assertEquals(combining ? 1_476_636 : 2_585_606, r.counter("test.nic_saw_ps"));
        }
    }

    /** Host 0's thread writes 8 words after {@code cycles} while NIC 0's firmware starts {@code dma} at time 0. */
    private static RunResult pioBeside(HardwareProfile p, DmaRequest dma, long cycles) {
        return run(p, new Bench(p, dma, null, true, cycles, 8));
    }

    /**
     * NIC 0's firmware reads 64 B and then 8 KiB of host memory, once in each mode. On the now profile: consistent
     * 1 us + bytes at 27.3 MB/s, streaming 12 us + bytes at 45.4 MB/s. 64 B: consistent 1 + 2.34 = 3.34 us,
     * streaming 12 + 1.41 = 13.41 us. 8,192 B: consistent 1 + 300.07 = 301.07 us, streaming 12 + 180.44 =
     * 192.44 us. So consistent DMA is the better one for small transfers, streaming for large.
     */
    @Test
    void consistentDmaWinsForSmallTransfersAndStreamingForLarge() {
        HardwareProfile p = TestNets.now("");
        long[][] took = new long[2][2];
        for (int size = 0; size < 2; size++) {
            for (int mode = 0; mode < 2; mode++) {
                int bytes = size == 0 ? 64 : 8192;
                boolean streaming = mode == 1;
                took[size][mode] = dma(p, DmaRequest.fromHost(bytes, streaming, 9)).counter("test.dma_done_ps");
                // lanai -> engine 1 cycle, start-up 5 cycles, the transfer, engine -> lanai via bus: 2 cycles
                long transfer = p.bus().mode(streaming).transfer(bytes, false);
                assertEquals(26_667 + 133_333 + transfer + 2 * 26_667, took[size][mode]);
            }
        }
        assertEquals(3_344_322, p.bus().mode(false).transfer(64, false));
        assertEquals(192_440_529, p.bus().mode(true).transfer(8192, false));
        assertTrue(took[0][0] < took[0][1], "64 B: consistent beats streaming");
        assertTrue(took[1][1] < took[1][0], "8 KiB: streaming beats consistent");
    }

    /**
     * The card writes host memory at 80 MB/s in both modes (a 64-byte SBus burst in 20 cycles of 40 ns): 8 KiB in
     * 102.4 us, after the card's 1 us of set-up in either mode: the streaming flush is a read's (a write is posted
     * into the bridge's buffer; making it visible to the CPU is host software's flush). Host memory is written a
     * cycle before the LANai hears the transfer is done.
     */
    @Test
    void theCardWritesHostMemoryAtTheBusBurstRateInBothModes() {
        HardwareProfile p = TestNets.now("");
        for (boolean streaming : new boolean[] {false, true}) {
            int[] thread = new int[2];
            RunResult r = dma(p, DmaRequest.toHost(8192, streaming, 9, -1, "data"), thread);
            long transfer = 1_000_000 + 102_400_000;
            assertEquals(transfer, p.bus().mode(streaming).transfer(8192, true));
            assertEquals(26_667 + 133_333 + transfer + 2 * 26_667, r.counter("test.dma_done_ps"));
            assertEquals(r.counter("test.dma_done_ps"), r.counter("test.dma_seen_ps") + 26_667,
                    "host memory written a cycle earlier");
        }
    }

    /**
     * A streaming write's start-up is off the bus, a streaming read's flush on it. As above, host 0's thread writes
     * 8 words at 1 us while NIC 0 starts a 4 KiB streaming DMA at time 0, which reaches the bus at 160,000 ps. A
     * write first spends the card's 1 us of set-up off the bus and asks for it at 1,160,000 ps: the PIO, there at
     * 1,026,667 ps, goes first and the NIC sees it at 3,053,334 ps, as on an idle bus. A read holds the bus for its
     * 12 us flush from 160,000 ps: the NIC sees the words at 12,160,000 + 2,000,000 + 26,667 = 14,186,667 ps.
     */
    @Test
    void aStreamingWriteLeavesTheBusFreeDuringItsStartUpAndAReadDoesNot() {
        HardwareProfile p = TestNets.now("");
        assertEquals(3_053_334, pioBeside(p, DmaRequest.toHost(4096, true, 9, -1, "data"), 167)
                .counter("test.nic_saw_ps"));
        assertEquals(14_186_667, pioBeside(p, DmaRequest.fromHost(4096, true, 9), 167).counter("test.nic_saw_ps"));
    }

    private static RunResult dma(HardwareProfile p, DmaRequest request) {
        return dma(p, request, new int[2]);
    }

    /** NIC 0's firmware starts {@code request} at time 0; a toHost request lands at host 0's thread. */
    private static RunResult dma(HardwareProfile p, DmaRequest request, int[] thread) {
        return run(p, new Bench(p, request, thread, false, 167, 8));
    }

    private static RunResult run(HardwareProfile p, HostProgram program) {
        Cluster c = Cluster.build(TestNets.star(2), p, program);
        return Emulation.run(c.model(), new RuntimeSettings(3, 1, false, 0), VirtualTime.MS);
    }

    /**
     * Every host runs a {@link Writer} ({@code writes}: {@code words} words after {@code cycles}); NIC 0's firmware
     * starts {@code dma} at time 0 if there is one (a to-host one at host 0's thread when {@code thread} is given, which
     * collects the threads' component ids) and times the PIO write and the DMA's end as the NIC hears them.
     */
    private record Bench(HardwareProfile p, DmaRequest dma, int[] thread, boolean writes, long cycles, int words)
            implements HostProgram {
        @Override
        public Firmware firmware(NicParts nic) {
            return TestNets.firmware(ctx -> {
                if (ctx.nic() == 0 && dma != null) {
                    ctx.hostDma(thread != null && dma.toHost() ? DmaRequest.toHost(dma.bytes(), dma.streaming(),
                            dma.tag(), thread[0], dma.payload()) : dma);
                }
            }, (ctx, e) -> {
                if (e instanceof NicEvent.HostWrite w && w.payload().equals("descriptor")) {
                    ctx.counter("test.nic_saw_ps").add(ctx.now());
                } else if (e instanceof NicEvent.DmaDone) {
                    ctx.counter("test.dma_done_ps").add(ctx.now());
                }
            });
        }

        @Override
        public List<Part> hostParts(NicParts nic, int firstId) {
            if (thread != null) {
                thread[nic.nic()] = firstId;
            }
            return List.of(new Part("t0", () -> new Writer(p, nic, writes, cycles, words)));
        }
    }
}
