package org.nowemu.workloads.overview;

import java.util.List;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.workloads.bandwidth.BandwidthWorkload;
import org.nowemu.workloads.experiment.PairStudy;
import org.nowemu.workloads.experiment.PairWorkload;
import org.nowemu.workloads.logp.LogpWorkload;

/**
 * The first run a researcher makes ({@code ./nowemu run}): the LogP microbenchmark and the bandwidth sweep
 * side by side in one run, each stack on its own host pairs, with their settings from {@code nowemu.logp} and
 * {@code nowemu.bandwidth} ({@code workloads/overview.conf} measures AM-II and GAM on the NOW profile). The
 * metrics are those of both experiments, so the published figures appear beside them.
 */
public final class OverviewWorkload extends PairWorkload {
    public OverviewWorkload() {
        super("overview",
                "LogP and bandwidth in one run (the nowemu.logp and nowemu.bandwidth settings), beside the published figures",
                OverviewWorkload::both);
    }

    private static PairStudy both(ConfigReader r, HardwareProfile profile) {
        return PairStudy.of(List.of(LogpWorkload.of(r, profile), BandwidthWorkload.of(r, profile)));
    }
}
