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
 * caught, counted as dropped, and the run passes; a stack that assumes bit errors away has its losses counted as
 * lost to that assumption. Runs last until their traffic has settled.
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
        assertEquals("f30861d45aa8c50d", r.digest());
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
     * The shipped faults-systems as it is: a stack of each of the 14 systems (and MPI over both FMs, U-Net/MM) under
     * one bit in 10^5 (about 50 s). AM-II, PM and VMMC-2 resend, so everything they sent arrived; the basic protocol,
     * Hamlyn, Trapeze and U-Net promise nothing, so their losses are the ledger's dropped; FM, MPI over FM, GAM, BIP,
     * LFC, FM/MC and VMMC promise delivery but assume Myrinet flips no bits, so what they lose is counted as lost to
     * that assumption, by stack. Nothing is lost against a promise: the run passes.
     */
    @Test
    void theShippedListRunsEverySystemAndPasses() {
        Config config = ExperimentConfig.load("faults-systems", List.of(), Path.of(System.getProperty("nowemu.home",
                ".."))).config();
        Workload w = Workloads.from(new ConfigReader(config));
        Plan plan = w.plan(config);
        java.util.TreeSet<String> systems = new java.util.TreeSet<>();
        for (var stack : ((org.nowemu.workloads.reliability.ReliabilityCostSettings) plan.settings()).stacks()) {
            systems.add(stack.system().name());
        }
        assertEquals(org.nowemu.protocol.system.Systems.all().size(), systems.size(), systems.toString());
        assertEquals(14, systems.size());
        RunResult r = Emulation.run(plan.model(), RuntimeSettings.from(config), plan.horizonPs());
        SortedMap<String, Double> m = w.metrics(plan, r);
        Ledger l = r.ledger();
        assertTrue(l.kept(), l.toString());
        assertEquals(0, l.lost(), l.toString());
        assertTrue(l.dropped() > 0, "the unreliable stacks lost some: " + l);
        assertEquals(List.of(), w.failures(plan, r), "every stack measured something");
        for (String s : List.of("amii", "pm", "vmmc2")) {
            assertEquals(m.get("reliability-cost." + s + ".ber0.sent"), m.get("reliability-cost." + s + ".ber0.arrived"),
                    s);
            assertTrue(!l.lostToAssumption().containsKey(s), s + " assumes no bit errors away: " + l);
        }
        // Stacks that assume the errors away lost some to them; nothing else is put down to an assumption.
        for (String s : List.of("fm2", "lfc", "vmmc")) {
            assertTrue(l.lostToAssumption().getOrDefault(s, new java.util.TreeMap<>()).getOrDefault("link-errors", 0L) > 0,
                    s + ": " + l.lostToAssumption());
        }
        assertEquals(java.util.Set.of("link-errors"), l.lostToAssumptionByKind().keySet());
    }

    /**
     * VMMC-2 under a cut longer than its give-up time (h1 and h3, the servers of its two pairs, cut from 1 to 7 ms;
     * the NIC gives a silent destination up after 20 timeouts of 200 us, 4 ms): what its NIC gave up comes back to the
     * sender as unreachable (or, if the receiver had taken it and the ACK died in the cut, handled and returned),
     * nothing lost, and the rest goes through after the repair: the NIC numbers on after the give-up and marks its
     * next packet so the receiver resyncs, instead of reusing numbers the receiver may have taken.
     */
    @Test
    void vmmc2UnderALongCutReturnsWhatItGivesUp() {
        Run run = run("reliability-cost", "[vmmc2]", 3, "nowemu.topology.chain.switches=2",
                "nowemu.reliability-cost.stream-messages=100", "nowemu.reliability-cost.send-time=20ms",
                "nowemu.reliability-cost.receive-timeout=30ms",
                "nowemu.faults=[{fault=cut-link,element=h1,at=1ms,for=6ms},{fault=cut-link,element=h3,at=1ms,for=6ms}]");
        Ledger l = run.result().ledger();
        assertTrue(l.kept(), l.toString());
        assertEquals(0, l.lost() + l.pending(), l.toString());
        assertTrue(l.returnedBy().getOrDefault("unreachable", 0L) > 0, l.toString());
        assertTrue(run.result().counter("vmmc.given_up") > 0, run.result().counters().toString());
        // Each request the library returned is in the ledger once: returned, or returned after handling (the
        // receiver took it and the ACK was lost in the cut).
        assertEquals(l.returnedBy().get("unreachable") + l.returnedAfterHandling(), run.result().counter("vmmc.returned"),
                l.toString());
    }

    /**
     * A stack that measured nothing fails the run: VMMC (no resends) on pairs h0-h1 and h2-h3, h3's cable cut from
     * the start for 25 ms. The noisy pair's sender asks for h3's export once, the request is lost on the cut cable,
     * and VMMC asks only once (it assumes Myrinet loses nothing), so the sender never sends: "0 of 0". The command
     * line says so in one line and exits 1.
     */
    @Test
    void aStackThatMeasuredNothingFailsTheRun(@org.junit.jupiter.api.io.TempDir Path tmp) {
        CommandLineTest.projectRoot();
        CommandLineTest.Outcome o = CommandLineTest.nowemu("run", "reliability-cost", "--out",
                tmp.resolve("out").toString(), "--set", "nowemu.reliability-cost.stacks=[vmmc]", "--set",
                "nowemu.reliability-cost.bit-error-rates=[1e-5]", "--set", "nowemu.reliability-cost.stream-messages=60",
                "--set", "nowemu.topology.chain.switches=1", "--set", "nowemu.topology.chain.hosts-per-switch=4",
                "--set", "nowemu.faults=[{fault=cut-link,element=h3,at=0ms,for=25ms}]");
        assertEquals(1, o.code(), o.err());
        assertTrue(o.out().contains("0 of 0"), o.out());
        assertTrue(o.err().contains("nowemu: run failed: reliability-cost: stack vmmc measured nothing at bit-error"
                + " rate 1.0E-5 (0 of 0: its sender never sent)"), o.err());
        assertTrue(!o.err().contains("ledger broken"), o.err());
    }

    /**
     * Two faults, one survived and one assumed away, on different stacks' paths: PM's noisy pair has its server's
     * cable (h3) cut from 1 to 7 ms, longer than the give-up time, which PM survives (what it gives up comes back
     * unreachable); basic-acknack's noisy server's NIC (h7) loses power at 2 ms for 500 us, which wipes the sequence
     * numbers the stack keeps in NIC memory: it assumes no power cycles. The ledger holds; only basic-acknack's losses
     * are put down to an assumption (the power cycle), none of PM's: a loss under the cut would have broken it.
     */
    @Test
    void onlyTheStackThatAssumesAFaultAwayHasLossesPutDownToIt() {
        Run run = run("reliability-cost", "[pm, basic-acknack]", 4, "nowemu.topology.chain.switches=2",
                "nowemu.reliability-cost.stream-messages=400", "nowemu.reliability-cost.send-time=10ms",
                "nowemu.reliability-cost.receive-timeout=15ms", "nowemu.faults=[{fault=cut-link,element=h3,at=1ms,for=6ms},"
                        + "{fault=power-cycle,element=h7,at=2ms,for=500us}]");
        Ledger l = run.result().ledger();
        assertTrue(l.kept(), l.toString());
        assertEquals(0, l.lost(), l.toString());
        assertEquals(java.util.Set.of("basic-acknack"), l.lostToAssumption().keySet(), l.toString());
        assertTrue(l.lostToAssumption().get("basic-acknack").get("power-cycle") > 0, l.toString());
        assertTrue(l.returnedBy().getOrDefault("unreachable", 0L) > 0, "PM gave up what the cut held: " + l);
    }
}
