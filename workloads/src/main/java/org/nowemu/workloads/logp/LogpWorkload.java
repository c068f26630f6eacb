package org.nowemu.workloads.logp;

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
 * The LogP parameters of each protocol stack ({@code nowemu.logp}), measured with the microbenchmark in
 * {@link LogpProgram}, one host pair per stack.
 *
 * <p>Metrics, per stack: {@code logp.<stack>.os_us}, {@code .or_us}, {@code .g_us}, {@code .rtt_us} (timed in the
 * run) and {@code .l_us} (derived: RTT/2 - Os - Or).
 */
public final class LogpWorkload implements Workload {
    @Override
    public String name() {
        return "logp";
    }

    @Override
    public String description() {
        return "LogP microbenchmark per protocol stack: Os, Or, g, L, RTT";
    }

    /** The study, as the overview experiment composes it with others. */
    public static PairStudy study(ConfigReader r, HardwareProfile profile) {
        return new LogpPairs(LogpSettings.read(r, profile));
    }

    @Override
    public Plan plan(Config config) {
        ConfigReader r = new ConfigReader(config);
        HardwareProfile profile = HardwareProfile.read(r);
        return PairStudy.plan(r, profile, "logp", study(r, profile));
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
