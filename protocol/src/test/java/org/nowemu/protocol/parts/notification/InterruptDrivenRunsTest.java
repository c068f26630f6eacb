package org.nowemu.protocol.parts.notification;

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
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/**
 * The DMA systems that interrupt, with interrupts on, through the one mechanism: the NIC raises an interrupt event
 * once a delivery has landed in host memory ({@link NicInterrupts}), and the host, asleep in its wait, takes it as
 * a dispatch on its CPU (Trapeze a kernel handler's, U-Net and VMMC a user-level signal's). The run of
 * {@code DmaSystemsRunsTest} (ping-pong, then two streams): every message still arrives once; the host dispatches
 * no more interrupts than its NIC raised (raised while one is pending: one dispatch), and at least one per round
 * trip of the ping-pong, where each side waits asleep for every message (15 round trips: 15 on each side).
 */
class InterruptDrivenRunsTest {
    /** Ledger entries, as DmaSystemsRunsTest works them out. */
    private static final Map<String, Long> LEDGER = Map.of("trapeze", 56L, "unet", 56L, "vmmc", 48L, "vmmc2", 48L);

    @ParameterizedTest
    @ValueSource(strings = {"trapeze", "unet", "vmmc", "vmmc2"})
    void theHostSleepsUntilItsNicInterruptsAndEveryMessageArrives(String stack) {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro\nnowemu.topology.single.hosts = 4\n"
                + "nowemu.protocol.stacks." + stack + ".interrupts = true");
        RunResult one = run(r, stack, 1);
        assertEquals(one.digest(), run(r, stack, 2).digest(), "the same run in one partition and in two");
        assertTrue(one.ledger().kept(), one.ledger().toString());
        assertEquals(LEDGER.get(stack), one.ledger().sent());
        assertEquals(LEDGER.get(stack), one.ledger().handledOnce());
        String prefix = stack.equals("vmmc2") ? "vmmc" : stack;
        long raised = one.counter(prefix + ".interrupts");
        long taken = one.counter(stack.equals("trapeze") ? "host.interrupts" : "host.signals");
        assertTrue(taken >= 15, stack + ": " + taken + " dispatches");
        assertTrue(taken <= raised, stack + ": " + taken + " dispatches of " + raised + " interrupts");
    }

    @continuable
    private static RunResult run(ConfigReader r, String stack, int partitions) {
        Cluster c = Systems.cluster(r, stack, Systems::pingPongAndStreams);
        return Emulation.run(c.model(), new RuntimeSettings(11, partitions, false, 0), Systems.HORIZON);
    }
}
