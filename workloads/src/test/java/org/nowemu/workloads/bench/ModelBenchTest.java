package org.nowemu.workloads.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the bench keeps of its runs until it prints them: the figures, not the components' reports. */
class ModelBenchTest {
    /** The project's root: the module's tests run in workloads/, whose parent holds workloads/logp.conf. */
    private static final Path HOME = Path.of("").toAbsolutePath().getParent();

    /**
     * A short logp (AM-II only, 2 samples of 5 round trips) measured in one pair: both runs keep their events,
     * digest and runtime report, and neither keeps its components' reports (a full run holds one per component:
     * about 8 MB a run on the bench's fat tree).
     */
    @Test
    void aMeasuredPairKeepsItsFiguresWithoutTheComponentsReports() {
        ModelBench.Model logp = new ModelBench.Model("logp", "logp", List.of("nowemu.logp.stacks=[amii]",
                "nowemu.logp.samples=2", "nowemu.logp.round-trips=5", "nowemu.logp.burst=8"));
        ModelBench.Pairs pairs = ModelBench.measure(logp, HOME, 1, false, 1, java.util.List.of());
        ModelBench.Figures f = pairs.runs().get(0);
        assertTrue(f.digestsMatch());
        assertTrue(f.sequential().events() > 0);
        assertEquals(f.sequential().events(), f.runtime().events());
        assertEquals("actors", f.runtime().runtime().engine());
        assertEquals(0, f.sequential().components().size());
        assertEquals(0, f.runtime().components().size());
    }
}
