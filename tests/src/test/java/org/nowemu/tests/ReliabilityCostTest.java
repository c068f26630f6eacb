package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.Ledger;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.experiment.Workloads;

/**
 * The reliability-cost experiment and its sibling faults-systems, shortened: each stack on a clean host pair and on
 * a pair whose host cables flip one bit in 10^5 (a 264 B packet, about 2,100 bits, is damaged about 2% of the time).
 * The resending stacks lose nothing and the ledger holds them to it; the survey's basic protocol loses what the CRC
 * caught, counted as dropped, and the run passes.
 */
class ReliabilityCostTest {
    record Run(RunResult result, SortedMap<String, Double> metrics) {
    }

    static Run run(String experiment, String stacks, int hostsPerSwitch, String... more) {
        List<String> sets = new ArrayList<>(List.of("nowemu.reliability-cost.stacks=" + stacks,
                "nowemu.reliability-cost.bit-error-rates=[1e-5]", "nowemu.reliability-cost.stream-messages=60",
                "nowemu.reliability-cost.warmup=2", "nowemu.reliability-cost.round-trips=4",
                "nowemu.reliability-cost.send-time=3ms", "nowemu.reliability-cost.receive-timeout=5ms",
                "nowemu.topology.chain.switches=4",
                "nowemu.topology.chain.hosts-per-switch=" + hostsPerSwitch));
        sets.addAll(List.of(more));
        Config config = ExperimentConfig.load(experiment, sets, Path.of(System.getProperty("nowemu.home", "..")))
                .config();
        Workload w = Workloads.from(new ConfigReader(config));
        Plan plan = w.plan(config);
        RunResult r = Emulation.run(plan.model(), RuntimeSettings.from(config), plan.horizonPs());
        return new Run(r, w.metrics(plan, r));
    }

    /** Three stacks, two pairs each (clean, 1e-5): 12 hosts on 4 switches of 3. */
    @Test
    void eachChoiceLosesOrRecoversAndTheLedgerKnowsWhich() {
        Run run = run("reliability-cost", "[basic, basic-acknack, basic-altbit]", 3);
        SortedMap<String, Double> m = run.metrics();
        for (String s : List.of("basic", "basic-acknack", "basic-altbit")) {
            String k = "reliability-cost." + s + ".";
            assertTrue(m.get(k + "latency_us") > 10 && m.get(k + "MBps") > 5, s + " " + m);
            assertEquals(60, m.get(k + "ber0.sent"), s + ": 60 messages go within 3 ms");
        }
        // The resending stacks: everything arrived; the CRC caught some (resent), the ledger is clean.
        for (String s : List.of("basic-acknack", "basic-altbit")) {
            assertEquals(60, m.get("reliability-cost." + s + ".ber0.arrived"), s);
        }
        RunResult r = run.result();
        assertTrue(r.counter("nic.rx.crc_errors") > 0 && r.counter("rel.resent") > 0, r.counters().toString());
        Ledger l = r.ledger();
        assertTrue(l.kept(), l.toString());
        assertEquals(0, l.lost() + l.duplicated() + l.returned());
        // The basic protocol's losses are the ledger's dropped ones, all of them its own (the resending stacks'
        // messages were all handled): what its stream's receiver missed, and the stream's answer if it was hit.
        double missing = m.get("reliability-cost.basic.ber0.missing");
        assertTrue(missing > 0 && l.dropped() >= missing, missing + " missing, ledger " + l);
        // Seeded: the same run again gives the same digest and ledger.
        Run again = run("reliability-cost", "[basic, basic-acknack, basic-altbit]", 3);
        assertEquals(r.digest(), again.result().digest());
        assertEquals("65fadcc464431c72", r.digest());
        assertEquals(402, l.sent());
        assertEquals(2, l.dropped());
        assertEquals(l, again.result().ledger());
    }

    /**
     * faults-systems over four stacks: the resending ones (PM, the alternating bit) end clean, the basic protocol's
     * and Hamlyn's losses (no resends) are counted and the run passes.
     */
    @Test
    void underBitErrorsReliableStacksEndCleanAndUnreliableOnesReportTheirLosses() {
        Run run = run("faults-systems", "[basic, hamlyn, pm, basic-altbit]", 4);
        Ledger l = run.result().ledger();
        assertTrue(l.kept(), l.toString());
        assertTrue(l.dropped() > 0, "basic and hamlyn lost some and the run passes: " + l);
        assertEquals(0, l.lost());
        for (String s : List.of("pm", "basic-altbit")) {
            assertEquals(run.metrics().get("reliability-cost." + s + ".ber0.sent"),
                    run.metrics().get("reliability-cost." + s + ".ber0.arrived"), s);
        }
    }

    /**
     * The shipped faults-systems as it is (a stack of each system that keeps its promise under bit errors; about 4 s):
     * AM-II, PM and VMMC-2 resend, so everything they sent arrived; the others promise nothing, so their losses are
     * the ledger's dropped and the run passes. FM 2.x, which promises delivery without resending, breaks the ledger
     * under the same errors: why it is not in the list.
     */
    @Test
    void theShippedListKeepsItsPromisesAndFmWouldNot() {
        Config config = ExperimentConfig.load("faults-systems", List.of(), Path.of(System.getProperty("nowemu.home",
                ".."))).config();
        assertEquals(List.of("amii", "basic", "pm", "hamlyn", "trapeze", "unet", "unet-mm", "vmmc2"),
                config.getStringList("nowemu.reliability-cost.stacks"));
        Workload w = Workloads.from(new ConfigReader(config));
        Plan plan = w.plan(config);
        RunResult r = Emulation.run(plan.model(), RuntimeSettings.from(config), plan.horizonPs());
        SortedMap<String, Double> m = w.metrics(plan, r);
        assertTrue(r.ledger().kept(), r.ledger().toString());
        assertEquals(0, r.ledger().lost(), r.ledger().toString());
        assertTrue(r.ledger().dropped() > 0, "the unreliable stacks lost some: " + r.ledger());
        for (String s : List.of("amii", "pm", "vmmc2")) {
            assertEquals(m.get("reliability-cost." + s + ".ber0.sent"), m.get("reliability-cost." + s + ".ber0.arrived"),
                    s);
        }
        Ledger fm = run("faults-systems", "[fm2]", 4).result().ledger();
        assertTrue(!fm.kept() && fm.lost() > 0, "FM 2.x loses promised messages to bit errors: " + fm);
    }
}
