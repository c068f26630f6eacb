package org.nowemu.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.apache.commons.javaflow.api.continuable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.bench.PingPong;
import org.nowemu.protocol.parts.bench.Streaming;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/**
 * Seeded end-to-end runs of the DMA-based systems (Trapeze, U-Net, U-Net/MM, VMMC, VMMC-2) over their messengers,
 * as {@link ComparisonRunsTest} runs the others: four hosts on one switch on ppro; hosts 0 and 1 ping-pong 15 round
 * trips of 4 bytes, then host 0 streams 8 messages of 3000 bytes to host 1, while host 2 streams 8 of 5000 bytes
 * to host 3. The same digest in one partition and in two, pinned; the ledger kept, and what each one's mechanism
 * implies for it.
 */
class DmaSystemsRunsTest {
    /**
     * Pinned digests; a change of behaviour or costs changes them (say which and why when re-pinning). VMMC-2's
     * NIC arms a timer for each import it asks for, to ask again if the answer was lost; in this run it finds the
     * import answered and does nothing, but its event is in the digest (re-pinned for it). U-Net/MM's and VMMC's
     * were re-pinned when a NIC TLB miss became an interrupt to the host, served by its kernel on the host's CPU and
     * bus, instead of a LANai timer.
     */
    private static final Map<String, String> DIGESTS = Map.of("trapeze", "65c6f669005da8d7",
            "unet", "d35e39396f7161e6", "unet-mm", "ee1bc69e9dca003d", "vmmc", "4c831b6a975fa8e1",
            "vmmc2", "bab66289bf84470f");

    /**
     * Ledger entries by hand. Messages: 15 pings, 15 pongs, 8 + 8 streamed, 2 answers: 48. Trapeze enters each
     * packet: a 4-byte message is one control message, 3000 bytes are one page payload (4 KB pages), 5000 bytes two:
     * 30 + 8 + 16 + 2 = 56. U-Net the same with its 4 KB buffers: 56. VMMC and VMMC-2 enter each request: 48.
     */
    private static final Map<String, Long> LEDGER = Map.of("trapeze", 56L, "unet", 56L, "unet-mm", 56L,
            "vmmc", 48L, "vmmc2", 48L);

    @continuable
    private static RunResult run(ConfigReader r, String stack, int partitions) {
        Cluster c = Systems.cluster(r, stack, Systems::pingPongAndStreams);
        return Emulation.run(c.model(), new RuntimeSettings(11, partitions, false, 0), Systems.HORIZON);
    }

    @ParameterizedTest
    @ValueSource(strings = {"trapeze", "unet", "unet-mm", "vmmc", "vmmc2"})
    void aSeededRunHasOneDigestWhateverItsPartitionsAndKeepsItsLedger(String stack) {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro\nnowemu.topology.single.hosts = 4");
        RunResult one = run(r, stack, 1);
        assertEquals(one.digest(), run(r, stack, 2).digest(), "the same run in one partition and in two");
        assertEquals(DIGESTS.get(stack), one.digest(), stack + " pinned digest");
        assertTrue(one.ledger().kept(), one.ledger().toString());
        assertEquals(LEDGER.get(stack), one.ledger().sent());
        assertEquals(LEDGER.get(stack), one.ledger().handledOnce(), "nothing dropped in so light a load");
    }

    /**
     * The software-TLB stacks in the same run: every miss is an interrupt the NIC raises and a handler the host's
     * kernel runs, none a timer on the LANai; each handler holds the CPU at least its idle-bus time, 12,760,212 ps
     * (TlbMissOnHostTest: 10 us dispatch, 2.5 us pin, the 2-word PIO install and its two on-board hops), more when
     * the NIC's DMA holds the bus.
     */
    @ParameterizedTest
    @ValueSource(strings = {"unet-mm", "vmmc"})
    void everyTlbMissIsAnInterruptTheHostsKernelServes(String stack) {
        RunResult r = run(AmNets.config("nowemu.hardware.profile = ppro\nnowemu.topology.single.hosts = 4"), stack, 1);
        String sys = stack.startsWith("vmmc") ? "vmmc" : "unet";
        long misses = r.counter(sys + ".tlb.misses");
        assertTrue(misses > 0, "the run's first uses of pages miss");
        assertEquals(misses, r.counter(sys + ".tlb.interrupts"));
        assertEquals(misses, r.counter("host.interrupts"), "the hosts' kernels take every one");
        assertTrue(r.counter("host.kernel_ps") >= misses * 12_760_212L, "" + r.counter("host.kernel_ps"));
    }
}
