package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.experiment.Workloads;

/**
 * The multicast and notification experiments at a small size, seeded: what each mechanism does shows in the
 * metrics and counters, and the run's digest is pinned.
 */
class MulticastNotificationTest {
    @BeforeAll
    static void home() {
        CommandLineTest.projectRoot();
    }

    private record Run(RunResult result, SortedMap<String, Double> metrics) {
    }

    private static Run run(String experiment, List<String> sets) {
        Config config = ExperimentConfig.load(experiment, sets, Path.of(System.getProperty("nowemu.home", "..")))
                .config();
        Workload w = Workloads.from(new ConfigReader(config));
        Plan plan = w.plan(config);
        RunResult r = Emulation.run(plan.model(), RuntimeSettings.from(config), plan.horizonPs(), config,
                new org.nowemu.actors.runtime.RunProgress());
        return new Run(r, w.metrics(plan, r));
    }

    /**
     * Groups of 2, 4, 8 and 16 on a 32-host fat tree (2-ary 5-tree), one broadcast each, for LFC (host, NIC,
     * repeated sends) and FM/MC (host, NIC), each stack on its own 16 hosts. A group of 2 is one unicast whatever
     * the mode. Beyond, the binary tree has depth 2, 3 and 4 (groups 4, 8, 16): host forwarding pays a whole host
     * receive and send per level, the NICs only their own forwarding, and repeated sends one PIO send per member at
     * the root, linear. So at 16 the NICs beat the hosts, and both beat repeated sends; each mode's latency grows
     * with the group. Every member handles each broadcast once and acknowledges it (the ledger: 1 + 3 + 7 + 15 = 26
     * members a mode, 5 modes, twice), and each system's NICs forward each broadcast to the members the root does
     * not reach itself: (1 - 1) + (3 - 2) + (7 - 2) + (15 - 2) = 19.
     */
    @Test
    void theNicsForwardFasterThanTheHostsAndRepeatedSendsAreLinear() {
        Run run = run("multicast", List.of("nowemu.multicast.groups=[2, 4, 8, 16]", "nowemu.multicast.repetitions=1",
                "nowemu.topology.fat-tree.levels=5"));
        SortedMap<String, Double> m = run.metrics();
        for (String mode : List.of("lfc.host", "lfc.ni", "lfc.multisend", "fmmc.host", "fmmc.ni")) {
            for (int n : List.of(4, 8, 16)) {
                assertTrue(m.get("mcast." + mode + "." + n + ".latency_us")
                        > m.get("mcast." + mode + "." + n / 2 + ".latency_us"), mode + " grows at " + n + ": " + m);
            }
        }
        for (String stack : List.of("lfc", "fmmc")) {
            assertTrue(m.get("mcast." + stack + ".ni.16.latency_us") < m.get("mcast." + stack + ".host.16.latency_us"),
                    m.toString());
        }
        assertTrue(m.get("mcast.lfc.host.16.latency_us") < m.get("mcast.lfc.multisend.16.latency_us"), m.toString());
        assertEquals(2 * 26 * 5, run.result().ledger().handledOnce());
        assertTrue(run.result().ledger().kept(), run.result().ledger().toString());
        assertEquals(19, run.result().counter("lfc.forwarded"));
        assertEquals(19, run.result().counter("fmmc.forwarded"));
        assertEquals("ded77253caf031a2", run.result().digest());
    }

    /**
     * PM's multisend: the root's library hands the NIC one packet and the list of members, and the NIC fetches it
     * once and sends it to each in turn, so the root pays one host send however large the group while each extra
     * member costs the NIC one more transmission and ACK. Against host forwarding along a binary tree (a host
     * receive and send per level), multisend wins while the group is small (8 hosts: one NIC loop of 7 sends
     * against 3 levels of host forwarding) and grows linearly beyond. Every member's handler runs once per
     * broadcast: 2 runs x (1 + 3 + 7) members = 22 messages, each acknowledged to the root (22 more).
     */
    @Test
    void pmsMultisendFetchesOnceAndSendsToEachMember() {
        Run run = run("multicast", List.of("nowemu.multicast.runs=[\"pm:host\", \"pm:multisend\"]",
                "nowemu.multicast.groups=[2, 4, 8]", "nowemu.multicast.repetitions=1",
                "nowemu.topology.fat-tree.levels=4"));
        SortedMap<String, Double> m = run.metrics();
        assertTrue(m.get("mcast.pm.multisend.8.latency_us") < m.get("mcast.pm.host.8.latency_us"), m.toString());
        assertTrue(m.get("mcast.pm.multisend.8.latency_us") > m.get("mcast.pm.multisend.4.latency_us"), m.toString());
        assertEquals(44, run.result().ledger().handledOnce(), run.result().ledger().toString());
        assertTrue(run.result().ledger().kept(), run.result().ledger().toString());
    }

    /**
     * One pair per stack, the receiver computing in 50 us slices, 8 messages 97 us apart. Polling: no interrupt,
     * and a message waits for the end of the slice it arrived in (about half a slice on average). Interrupts: one
     * per message, each costing the 24 us signal, so the host time per message is above it, and the latency is the
     * wire's plus the signal's, whatever the slice. The watchdog (20 us): an interrupt only for a message the next
     * poll would have found more than 20 us after its delivery, so fewer than one a message, and more than none.
     */
    @Test
    void pollingInterruptsAndTheWatchdogTradeLatencyForHostTime() {
        Run run = run("notification", List.of("nowemu.notification.slices=[50us]",
                "nowemu.notification.messages=8", "nowemu.topology.chain.switches=3"));
        SortedMap<String, Double> m = run.metrics();
        assertEquals(0.0, m.get("notify.lfc-poll.50us.interrupts_per_msg"));
        assertEquals(1.0, m.get("notify.lfc-intr.50us.interrupts_per_msg"));
        double dog = m.get("notify.lfc.50us.interrupts_per_msg");
        assertTrue(dog > 0 && dog < 1, m.toString());
        assertTrue(m.get("notify.lfc-intr.50us.cpu_us_per_msg") > 24, m.toString());
        assertTrue(m.get("notify.lfc-poll.50us.cpu_us_per_msg") < 5, m.toString());
        assertTrue(m.get("notify.lfc-intr.50us.latency_us") > 24, m.toString());
        assertEquals(3 * 8, run.result().counter("lfc.handled"));
        assertTrue(run.result().ledger().kept(), run.result().ledger().toString());
        assertEquals("99fb6642c5c566e9", run.result().digest());
    }
}
