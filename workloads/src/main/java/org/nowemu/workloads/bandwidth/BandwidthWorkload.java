package org.nowemu.workloads.bandwidth;

import com.typesafe.config.Config;
import java.util.List;
import java.util.SortedMap;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.workloads.experiment.PairStudy;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.results.Series;

/**
 * Bandwidth against medium-message size ({@code nowemu.bandwidth}), one host pair per (stack, DMA mode)
 * ({@link BandwidthPairs}).
 *
 * <p>Metrics: {@code bw.<stack>.<streaming|consistent>.<bytes>B_MBps} (10^6 B/s).
 */
public final class BandwidthWorkload implements Workload {
    @Override
    public String name() {
        return "bandwidth";
    }

    @Override
    public String description() {
        return "medium-message bandwidth vs size per protocol stack, streaming and consistent DMA";
    }

    /** The study, as the overview experiment composes it with others. */
    public static PairStudy study(ConfigReader r, HardwareProfile profile) {
        return new BandwidthPairs(BandwidthSettings.read(r, profile));
    }

    @Override
    public Plan plan(Config config) {
        ConfigReader r = new ConfigReader(config);
        HardwareProfile profile = HardwareProfile.read(r);
        return PairStudy.plan(r, profile, "bandwidth", study(r, profile));
    }

    @Override
    public SortedMap<String, Double> metrics(Plan plan, RunResult r) {
        return ((PairStudy) plan.settings()).metrics(r);
    }

    @Override
    public List<Series> series(Plan plan, RunResult r) {
        return ((PairStudy) plan.settings()).series(r);
    }
}
