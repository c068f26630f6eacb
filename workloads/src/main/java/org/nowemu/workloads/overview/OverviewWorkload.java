package org.nowemu.workloads.overview;

import com.typesafe.config.Config;
import java.util.List;
import java.util.SortedMap;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.workloads.bandwidth.BandwidthWorkload;
import org.nowemu.workloads.experiment.PairStudy;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.logp.LogpWorkload;
import org.nowemu.workloads.results.Series;

/**
 * The first run a researcher makes ({@code ./nowemu run}): the LogP microbenchmark and the bandwidth sweep
 * side by side in one run, each stack on its own host pairs, with their settings from {@code nowemu.logp} and
 * {@code nowemu.bandwidth} ({@code workloads/overview.conf} measures AM-II and GAM on the NOW profile). The
 * metrics are those of both experiments, so the published figures appear beside them.
 */
public final class OverviewWorkload implements Workload {
    @Override
    public String name() {
        return "overview";
    }

    @Override
    public String description() {
        return "LogP and bandwidth in one run (the nowemu.logp and nowemu.bandwidth settings), beside the published figures";
    }

    @Override
    public Plan plan(Config config) {
        ConfigReader r = new ConfigReader(config);
        HardwareProfile profile = HardwareProfile.read(r);
        PairStudy study = PairStudy.of(List.of(LogpWorkload.study(r, profile), BandwidthWorkload.study(r, profile)));
        return PairStudy.plan(r, profile, "overview", study);
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
