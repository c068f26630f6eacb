package org.nowemu.hardware.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.commons.javaflow.api.continuable;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.Emulation;
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

/**
 * What posted PIO writes cost the CPU: on the now profile a word holds the SBus 250 ns, a LANai cycle (the signal
 * from the CPU to the bus, and from the bus back) is 26,667 ps, and 167 cycles of the 167 MHz CPU are 1 us. The
 * CPU goes on after writing word n once word n - depth has crossed.
 */
class WriteBufferTest {
    private static final long SIGNAL = 26_667;
    private static final long WORD = 250_000;

    /** What a {@link Poster} does: a program's waits run through it, so it is marked and not a lambda. */
    interface Script {
        @continuable
        void run(Poster t);
    }

    /** A program thread on host 0 running {@code script}; it records its clock in {@code test.after_ps}. */
    static final class Poster extends ProgramThread {
        private final Script script;

        Poster(HardwareProfile p, NicParts nic, Script script) {
            super(p, nic);
            this.script = script;
        }

        @Override
        @continuable
        protected void program() {
            if (nic.nic() == 0) {
                script.run(this);
                counter("test.after_ps").add(cursor());
            }
        }

        void work(long cycles) {
            compute(cycles);
        }

        @continuable
        void post(int words) {
            pioWritePosted(words, "w" + words);
        }
    }

    /**
     * 8 words after 1 us of work. The write takes the bus one signal after the CPU issues it, at 1,026,667 ps, and
     * word k has crossed k x 250 ns later. Depth 1: the CPU goes on once word 7 has crossed, at 1,026,667 +
     * 1,750,000 = 2,776,667 ps; depth 0: once word 8 has, 250 ns later; depth 4: after word 4, at 2,026,667 ps;
     * depth 8: at once, at 1,000,000 ps, all 8 words crossing while it goes on. The NIC sees the write when its last
     * word has crossed, whatever the depth: 1,026,667 + 2,000,000 + 26,667 = 3,053,334 ps.
     */
    @Test
    void theCpuPaysTheBusTimeOfTheWordsBeyondItsWriteBuffer() {
        long[][] cases = {{0, 8}, {1, 7}, {4, 4}, {8, 0}};
        for (long[] c : cases) {
            RunResult r = run(TestNets.now("host.write-buffer = " + c[0]), new Script() {
                @Override
                @continuable
                public void run(Poster t) {
                    t.work(167);
                    t.post(8);
                }
            }, null);
            long expected = c[1] == 0 ? 1_000_000 : 1_000_000 + SIGNAL + c[1] * WORD;
            assertEquals(expected, r.counter("test.after_ps"), "depth " + c[0]);
            assertEquals(3_053_334, r.counter("test.nic_saw_ps"), "depth " + c[0]);
        }
    }

    /**
     * Two writes of 4 words cost as one of 8 (depth 1). The first takes the bus at 1,026,667 ps and the CPU goes on
     * once its word 3 has crossed, at 1,776,667 ps; the second reaches the bus a signal later, while the first's last
     * word crosses, so it follows it at 2,026,667 ps, and the CPU goes on once word 7 (its third) has crossed:
     * 2,026,667 + 750,000 = 2,776,667 ps, as for one write of 8.
     */
    @Test
    void wordsOfSuccessiveWritesQueueInOneBuffer() {
        RunResult r = run(TestNets.now("host.write-buffer = 1"), new Script() {
            @Override
            @continuable
            public void run(Poster t) {
                t.work(167);
                t.post(4);
                t.post(4);
            }
        }, null);
        assertEquals(1_000_000 + SIGNAL + 7 * WORD, r.counter("test.after_ps"));
        assertEquals(2, r.counter("bus.pio_words") / 4);
    }

    /**
     * A write posted while the NIC's DMA reads host memory waits for the burst under way, and the CPU with it. NIC 0
     * starts an 8 KiB consistent read at time 0: it asks for the bus at 1,160,000 ps and moves 64-byte bursts of
     * 2,344,322 ps. The CPU works 10 us and posts 8 words, which reach the bus at 10,026,667 ps, in the 4th burst,
     * ending at 10,537,288 ps; then the words cross 250 ns apart and (depth 1) the CPU goes on after the 7th, at
     * 10,537,288 + 1,750,000 = 12,287,288 ps: 510,621 ps later than on an idle bus.
     */
    @Test
    void aDmaBurstUnderWayHoldsThePostingCpu() {
        RunResult r = run(TestNets.now("host.write-buffer = 1"), new Script() {
            @Override
            @continuable
            public void run(Poster t) {
                t.work(1670);
                t.post(8);
            }
        }, DmaRequest.fromHost(8192, false, 9));
        assertEquals(12_287_288, r.counter("test.after_ps"));
        assertEquals(510_621, r.counter("host.write_buffer_stall_ps") - (SIGNAL + 7 * WORD));
    }

    @continuable
    private static RunResult run(HardwareProfile p, Script script, DmaRequest dma) {
        Cluster c = Cluster.build(TestNets.star(2), p, new Posting(p, script, dma));
        return Emulation.run(c.model(), new RuntimeSettings(3, 1, false, 0), VirtualTime.MS);
    }

    /**
     * Every host runs a {@link Poster} of {@code script}; NIC 0's firmware starts {@code dma} at time 0 if there is
     * one and times the eighth word's arrival.
     */
    private record Posting(HardwareProfile p, Script script, DmaRequest dma) implements HostProgram {
        @Override
        public Firmware firmware(NicParts nic) {
            return TestNets.firmware(ctx -> {
                if (ctx.nic() == 0 && dma != null) {
                    ctx.hostDma(dma);
                }
            }, (ctx, e) -> {
                if (e instanceof NicEvent.HostWrite w && "w8".equals(w.payload())) {
                    ctx.counter("test.nic_saw_ps").add(ctx.now());
                }
            });
        }

        @Override
        public List<Part> hostParts(NicParts nic, int firstId) {
            return List.of(new Part("t0", () -> new Poster(p, nic, script)));
        }
    }
}
