package org.nowemu.workloads.experiment;

import com.typesafe.config.Config;
import java.util.List;
import java.util.SortedMap;
import java.util.function.BiFunction;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.workloads.results.Series;
import org.nowemu.workloads.results.Table;

/** A workload that is one {@link PairStudy}: it plans the study's host pairs and reads its metrics back. */
public abstract class PairWorkload extends NamedWorkload {
    private final BiFunction<ConfigReader, HardwareProfile, PairStudy> study;

    /** @param study the study this workload runs, from its validated settings */
    protected PairWorkload(String name, String description,
                           BiFunction<ConfigReader, HardwareProfile, PairStudy> study) {
        super(name, description);
        this.study = study;
    }

    @Override
    public final Plan plan(Config config) {
        ConfigReader r = new ConfigReader(config);
        HardwareProfile profile = HardwareProfile.read(r);
        return PairStudy.plan(r, profile, name(), study.apply(r, profile));
    }

    @Override
    public final SortedMap<String, Double> metrics(Plan plan, RunResult r) {
        return ((PairStudy) plan.settings()).metrics(r);
    }

    @Override
    public final List<Series> series(Plan plan, RunResult r) {
        return ((PairStudy) plan.settings()).series(r);
    }

    @Override
    public final List<Table> tables(Plan plan, RunResult r) {
        return ((PairStudy) plan.settings()).tables(r);
    }
}
