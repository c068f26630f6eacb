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

        Writer(HardwareProfile p, NicParts nic, boolean writes) {
            super(p, nic);
            this.writes = writes;
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
                compute(167);
                pioWrite(8, "descriptor", 1);
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
        RunResult r = run(p, new HostProgram() {
            @Override
            public Firmware firmware(NicParts nic) {
                return TestNets.firmware(ctx -> { }, (ctx, e) -> {
                    if (e instanceof NicEvent.HostWrite w && w.payload().equals("descriptor")) {
                        ctx.counter("test.nic_saw_ps").add(ctx.now());
                    }
                });
            }

            @Override
            public List<Part> hostParts(NicParts nic, int firstId) {
                return List.of(new Part("t0", () -> new Writer(p, nic, true)));
            }
        });
        assertEquals(3_053_334, r.counter("test.nic_saw_ps"));
        assertEquals(3_053_334, r.counter("test.pio_done_ps"));
        assertEquals(8, r.counter("bus.pio_words"));
    }

    /**
     * NIC 0's firmware starts a 64-byte DMA to host memory at time 0 while host 0's thread issues an 8-word PIO
     * write at 1 us. The DMA reaches the bus after 1 LANai cycle to the engine and its 5-cycle start-up: 160,000 ps.
     * Consistent (start-up 1 us off the bus): the DMA asks for the bus only at 1,160,000 ps, so the PIO, there at
     * 1,026,667 ps, goes first and the NIC sees it at 1,026,667 + 2,000,000 + 26,667 = 3,053,334 ps, as on an idle
     * bus. Streaming (12 us flush on the bus): the bus is held from 160,000 ps for 12 us + 64 B at 45.4 MB/s
     * (1,409,692 ps), so the NIC sees the PIO at 160,000 + 13,409,692 + 2,000,000 + 26,667 = 15,596,359 ps.
     */
    @Test
    void pioPassesDuringConsistentDmaSetUpButWaitsForAStreamingFlush() {
        HardwareProfile p = TestNets.now("");
        long[] seen = new long[2];
        for (int mode = 0; mode < 2; mode++) {
            boolean streaming = mode == 1;
            int[] thread = new int[2];
            RunResult r = run(p, new HostProgram() {
                @Override
                public Firmware firmware(NicParts nic) {
                    return TestNets.firmware(ctx -> {
                        if (ctx.nic() == 0) {
                            ctx.hostDma(DmaRequest.toHost(64, streaming, 9, thread[0], "data"));
                        }
                    }, (ctx, e) -> {
                        if (e instanceof NicEvent.HostWrite w && w.payload().equals("descriptor")) {
                            ctx.counter("test.nic_saw_ps").add(ctx.now());
                        }
                    });
                }

                @Override
                public List<Part> hostParts(NicParts nic, int firstId) {
                    thread[nic.nic()] = firstId;
                    return List.of(new Part("t0", () -> new Writer(p, nic, true)));
                }
            });
            seen[mode] = r.counter("test.nic_saw_ps");
        }
        assertEquals(3_053_334, seen[0]);
        assertEquals(15_596_359, seen[1]);
    }

    /**
     * NIC 0's firmware DMAs 64 B and then 8 KiB to host memory, once in each mode. On the now profile: consistent
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
                int[] thread = new int[2];
                RunResult r = run(p, new HostProgram() {
                    @Override
                    public Firmware firmware(NicParts nic) {
                        return TestNets.firmware(ctx -> {
                            if (ctx.nic() == 0) {
                                ctx.hostDma(DmaRequest.toHost(bytes, streaming, 9, thread[0], "data"));
                            }
                        }, (ctx, e) -> {
                            if (e instanceof NicEvent.DmaDone) {
                                ctx.counter("test.dma_done_ps").add(ctx.now());
                            }
                        });
                    }

                    @Override
                    public List<Part> hostParts(NicParts nic, int firstId) {
                        thread[nic.nic()] = firstId;
                        return List.of(new Part("t0", () -> new Writer(p, nic, false)));
                    }
                });
                took[size][mode] = r.counter("test.dma_done_ps");
                // lanai -> engine 1 cycle, start-up 5 cycles, the transfer, engine -> lanai via bus: 2 cycles
                long transfer = p.bus().mode(streaming).transfer(bytes);
                assertEquals(26_667 + 133_333 + transfer + 2 * 26_667, took[size][mode]);
                assertEquals(took[size][mode], r.counter("test.dma_seen_ps") + 26_667, "host memory written a cycle earlier");
            }
        }
        assertTrue(took[0][0] < took[0][1], "64 B: consistent beats streaming");
        assertTrue(took[1][1] < took[1][0], "8 KiB: streaming beats consistent");
    }

    private static RunResult run(HardwareProfile p, HostProgram program) {
        Cluster c = Cluster.build(TestNets.star(2), p, program);
        return Emulation.run(c.model(), new RuntimeSettings(3, 1, 1, false, 0), VirtualTime.MS);
    }
}
