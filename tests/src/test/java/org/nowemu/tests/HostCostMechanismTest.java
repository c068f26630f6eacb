package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.experiment.Workloads;

/**
 * Os, the sender's host time per request, comes out of the library's instructions plus what its programmed-I/O
 * words cost the CPU on the bus: not a constant.
 */
class HostCostMechanismTest {
    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /**
     * The LogP microbenchmark's Os: after an idle spell, a burst of 4 short requests of 4 argument words, per
     * request. Worked by hand on the now profile (167 MHz host; one LANai cycle, s = 26,667 ps, carries a write from
     * the CPU to the bus): a request costs its send-cycles c, then writes its entry, entry-words + 4 words (AM-II
     * 4 + 4 = 8, GAM 1 + 4 = 5), into the CPU's write buffer; the SBus takes the write s later and carries a word
     * every pio-write-word w; with a buffer of depth d the CPU goes on once word (words - d) has crossed. Nothing else
     * holds the bus (the replies come a round trip later). While c + s >= d x w, the d words a request leaves behind
     * have crossed before the next request's write reaches the bus, so each request starts afresh and
     *
     * <pre>  Os = c + s + (words - d) x w</pre>
     *
     * AM-II (c = 386 cycles = 2,311,377 ps), d = 1, w = 250 ns: 2,311,377 + 26,667 + 7 x 250,000 = 4,088,044 ps;
     * GAM (c = 138 cycles = 826,347 ps): 826,347 + 26,667 + 4 x 250,000 = 1,853,014 ps. Raising w by 100 ns raises Os
     * by (words - d) x 100 ns: 700 ns for AM-II, 400 ns for GAM; AM-II's 3 extra words cost it 300 ns more, as the
     * AM-II paper explains its larger Os. With d = 4, AM-II pays for 4 words (c + s = 2.34 us >= 4 x 250 ns); GAM's
     * compute is shorter than its 4 words left behind take to cross (0.85 us < 1 us), so each write queues behind the
     * last and the bus sets the pace: the 4 writes cross back to back from c + s and the CPU is done once word 16 of
     * 20 has crossed, (c + s + 16 w) / 4 = 1,213,254 ps a request. With d = 8 AM-II's 8 words fit and have crossed
     * before its next write (c + s >= 8 x 250 ns): Os is its instructions alone.
     */
    @Test
    @DisplayName("Host cost mechanism: Os against the PIO write cost, worked by hand")
    void osGrowsByTheWordsBeyondTheWriteBufferTimesTheAddedBusCost() {
        long amiiCycles = 2_311_377;
        long gamCycles = 826_347;
        long signal = 26_667;
        double[] base = os();
        assertOs(amiiCycles + signal + 7 * 250_000, base[0], "AM-II, w = 250 ns");
        assertOs(gamCycles + signal + 4 * 250_000, base[1], "GAM, w = 250 ns");

        double[] dearer = os("nowemu.hardware.profiles.now.bus.pio-write-word=350ns");
        assertOs(amiiCycles + signal + 7 * 350_000, dearer[0], "AM-II, w = 350 ns");
        assertOs(gamCycles + signal + 4 * 350_000, dearer[1], "GAM, w = 350 ns");
        assertEquals(0.700, dearer[0] - base[0], 1e-6, "AM-II: 7 words x 100 ns");
        assertEquals(0.400, dearer[1] - base[1], 1e-6, "GAM: 4 words x 100 ns");

        double[] four = os("nowemu.hardware.profiles.now.host.write-buffer=4");
        assertOs(amiiCycles + signal + 4 * 250_000, four[0], "AM-II, depth 4");
        assertEquals((gamCycles + signal + 16 * 250_000) / 4 / 1e6, four[1], 1e-6, "GAM, depth 4: bus-bound");

        double[] eight = os("nowemu.hardware.profiles.now.host.write-buffer=8");
        assertOs(amiiCycles, eight[0], "AM-II, depth 8: instructions only");
    }

    private static void assertOs(long expectedPs, double emulatedUs, String what) {
        assertEquals(expectedPs / 1e6, emulatedUs, 1e-6, what);
    }

    /** Os of AM-II and GAM (us) from a short LogP run with {@code sets}. */
    private static double[] os(String... sets) {
        List<String> all = new ArrayList<>(List.of("nowemu.logp.stacks=[amii, gam]", "nowemu.logp.samples=5",
                "nowemu.logp.round-trips=10", "nowemu.logp.burst=16"));
        all.addAll(List.of(sets));
        ExperimentConfig ec = ExperimentConfig.load("logp", all, Path.of(System.getProperty("nowemu.home")));
        Workload w = Workloads.from(new ConfigReader(ec.config()));
        Plan plan = w.plan(ec.config());
        RunResult r = Emulation.run(plan.model(), RuntimeSettings.from(ec.config()), plan.horizonPs(), ec.config(),
                new RunProgress());
        SortedMap<String, Double> m = w.metrics(plan, r);
        return new double[] {m.get("logp.amii.os_us"), m.get("logp.gam.os_us")};
    }
}
