package org.nowemu.workloads.cli;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.experiment.Workloads;

/**
 * What one {@code run} does, resolved and validated before anything runs: the emulations in order, each with the
 * folder it writes inside the output folder, and the sweeps and the suite that gather them. A bad value in any
 * point of a sweep or any member of a suite is found here, so nothing runs and nothing is written.
 *
 * @param name   the experiment (or suite) name: the default output folder is {@code out/<name>}
 * @param points every emulation, in the order they run
 * @param sweeps the sweeps among them (a sweep's folder holds its points, sweep.csv and the plots)
 * @param suite  the suite's members in order, or empty when this is not a suite
 */
record Study(String name, List<Point> points, List<SweepGroup> sweeps, List<Member> suite) {

    /**
     * One emulation.
     *
     * @param dir    its folder inside the output folder ("" for the output folder itself)
     * @param label  what the progress bar and the log call it
     */
    record Point(String dir, String label, ExperimentConfig ec, Workload workload) {
    }

    /**
     * A sweep: the points at {@code points} (indices into the study's points), one per value, in {@code dir}; its
     * slowdown plots ({@code nowemu.sweep.slowdown}), or null.
     */
    record SweepGroup(String dir, String experiment, String key, List<String> values, List<Integer> points,
                      SweepSlowdown slowdown) {
    }

    /** A member of a suite and its folder. */
    record Member(String name, String dir, boolean sweep) {
    }

    boolean single() {
        return points.size() == 1 && sweeps.isEmpty() && suite.isEmpty();
    }

    /** Resolves and checks everything {@code run EXPERIMENT --set ...} will run. */
    static Study prepare(String experiment, List<String> sets, Path home) {
        ExperimentConfig ec = ExperimentConfig.load(experiment, sets, home);
        List<Point> points = new ArrayList<>();
        List<SweepGroup> sweeps = new ArrayList<>();
        List<Member> suite = new ArrayList<>();
        if (ec.own().hasPath("nowemu.suite")) {
            List<String> members = suiteMembers(ec);
            for (String m : members) {
                ExperimentConfig mc = ExperimentConfig.load(m, sets, home);
                if (mc.own().hasPath("nowemu.suite")) {
                    throw new BadInputException(ec.source() + ": member " + m + " is itself a suite");
                }
                if (suite.stream().anyMatch(x -> x.name().equals(mc.name()))) {
                    throw new BadInputException(ec.source() + ": nowemu.suite.experiments names " + mc.name() + " twice");
                }
                boolean sweep = add(mc, m, sets, home, mc.name() + "/", points, sweeps);
                suite.add(new Member(mc.name(), mc.name(), sweep));
            }
        } else {
            ConfigReader r = new ConfigReader(ec.config());
            if (!r.stringList("nowemu.suite.experiments").isEmpty()) {
                // A suite is a file's own setting: from --set or application.conf it would be silently ignored.
                throw r.bad("nowemu.suite.experiments", "a suite is a file that sets this key and nothing else"
                        + " (e.g. workloads/suite.conf); run that file");
            }
            add(ec, experiment, sets, home, "", points, sweeps);
        }
        return new Study(ec.name(), points, sweeps, suite);
    }

    private static List<String> suiteMembers(ExperimentConfig ec) {
        ConfigReader r = new ConfigReader(ec.config());
        TreeSet<String> others = new TreeSet<>();
        for (var e : ec.own().entrySet()) {
            if (!e.getKey().startsWith("nowemu.suite.")) {
                others.add(e.getKey());
            }
        }
        if (!others.isEmpty()) {
            throw new BadInputException(ec.source() + ": a suite file sets only nowemu.suite.experiments, not "
                    + others.first() + " (set keys for every member with --set, or in the members' files)");
        }
        List<String> members;
        try {
            members = ec.config().getStringList("nowemu.suite.experiments");
        } catch (ConfigException e) {
            throw ConfigReader.from(e);
        }
        if (members.isEmpty()) {
            throw r.bad("nowemu.suite.experiments", "a suite needs at least one experiment");
        }
        return members;
    }

    /** Adds the points of one experiment (one, or one per swept value); returns whether it is a sweep. */
    private static boolean add(ExperimentConfig ec, String experiment, List<String> sets, Path home, String prefix,
                               List<Point> points, List<SweepGroup> sweeps) {
        SweepValues.Sweep sweep = SweepValues.of(ec.config());
        if (sweep == null) {
            SweepSlowdown.of(ec.config(), null, List.of());
            points.add(new Point(prefix.isEmpty() ? "" : prefix.substring(0, prefix.length() - 1), ec.name(), ec,
                    check(ec)));
            return false;
        }
        List<Integer> indices = new ArrayList<>();
        List<Config> configs = new ArrayList<>();
        for (int i = 0; i < sweep.values().size(); i++) {
            String label = sweep.key() + "=" + sweep.texts().get(i) + ", point " + (i + 1) + " of " + sweep.values().size();
            Config top = ConfigFactory.empty()
                    .withValue("nowemu.sweep.key", ConfigValueFactory.fromAnyRef(""))
                    .withValue("nowemu.sweep.point", ConfigValueFactory.fromAnyRef(label))
                    .withValue(sweep.key(), sweep.values().get(i));
            ExperimentConfig pc;
            try {
                pc = ExperimentConfig.load(experiment, sets, top, home);
                indices.add(points.size());
                configs.add(pc.config());
                // Folders count from 1, as every message does: point 1 of 3 is point-1.
                points.add(new Point(prefix + "point-" + (i + 1), ec.name() + " [" + label + "]", pc, check(pc)));
            } catch (BadInputException e) {
                throw new BadInputException("sweep point " + (i + 1) + " (" + sweep.key() + " = " + sweep.texts().get(i)
                        + "): " + e.getMessage());
            }
        }
        SweepSlowdown slowdown = SweepSlowdown.of(ec.config(), sweep.key(), configs);
        sweeps.add(new SweepGroup(prefix, ec.name(), sweep.key(), sweep.texts(), indices, slowdown));
        return true;
    }

    /**
     * Everything a run reads, checked: the keys every run understands (DESIGN.md section 4) even where unused,
     * the workload and its settings (by planning it), the fault schedule and the mapper beside the traffic.
     */
    static Workload check(ExperimentConfig ec) {
        Config c = ec.config();
        ConfigReader reader = new ConfigReader(c);
        org.nowemu.actors.runtime.RuntimeSettings.from(c);
        org.nowemu.hardware.profile.HardwareProfile profile = org.nowemu.hardware.profile.HardwareProfile.read(reader);
        org.nowemu.hardware.topology.Topologies.named(reader);
        org.nowemu.protocol.system.Stacks.selected(reader, profile);
        if (reader.string("nowemu.workload").isEmpty()) {
            throw new BadInputException(ec.source() + " names no workload: set nowemu.workload (one of "
                    + Workloads.all().stream().map(Workload::name).collect(Collectors.joining(", "))
                    + "), or nowemu.suite.experiments for a suite");
        }
        Workload workload = Workloads.from(reader);
        if (org.nowemu.workloads.faults.FaultSchedule.any(c) && !workload.takesFaults()) {
            throw new BadInputException("nowemu.faults: the " + workload.name()
                    + " workload takes no faults (" + names(Workload::takesFaults) + " do)");
        }
        if (org.nowemu.mapper.daemon.MapperSettings.withTraffic(reader) && !workload.runsMapperWithTraffic()) {
            throw new BadInputException("nowemu.mapper.with-traffic: the " + workload.name()
                    + " workload runs no mapper beside its traffic (" + names(Workload::runsMapperWithTraffic) + " do)");
        }
        org.nowemu.workloads.experiment.Plan plan = workload.plan(c);
        if (org.nowemu.workloads.faults.FaultSchedule.any(c)) {
            org.nowemu.workloads.faults.FaultSchedule.requireBefore(reader, "nowemu.faults", plan.trafficPs(),
                    "the run's traffic");
        }
        return workload;
    }

    /** The workloads that do what {@code does} asks, from the registry, for a message. */
    private static String names(java.util.function.Predicate<Workload> does) {
        return Workloads.all().stream().filter(does).map(Workload::name).collect(Collectors.joining(", "));
    }
}
