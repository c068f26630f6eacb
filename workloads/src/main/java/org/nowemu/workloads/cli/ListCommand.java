package org.nowemu.workloads.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topologies;
import org.nowemu.hardware.topology.TopologyBuilder;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.experiment.Workloads;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code nowemu list}: the named things a configuration can refer to. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List experiments, workloads, topologies, hardware profiles, protocol stacks and fault models.")
final class ListCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.println("experiments (./nowemu run NAME):");
        for (String e : ExperimentConfig.known(Main.home())) {
            out.println("  " + e);
        }
        out.println("workloads (nowemu.workload):");
        for (Workload w : Workloads.all()) {
            out.printf("  %-12s %s%n", w.name(), w.description());
        }
        out.println("topologies (nowemu.topology.name):");
        for (TopologyBuilder t : Topologies.all()) {
            out.printf("  %-12s %s%n", t.name(), t.description());
        }
        out.println("hardware profiles (nowemu.hardware.profile):");
        ConfigReader base = new ConfigReader(ExperimentConfig.base(List.of(), Main.home()));
        for (String p : HardwareProfile.names(base)) {
            out.println("  " + p);
        }
        out.println("communication systems (a stack's system):");
        for (org.nowemu.protocol.system.CommSystem<?, ?> sys : org.nowemu.protocol.system.Systems.all()) {
            out.printf("  %-12s %s%n", sys.name(), sys.description());
        }
        out.println("design space (the survey's table, from the registry):");
        for (String line : org.nowemu.protocol.system.DesignSpace.text(org.nowemu.protocol.system.Systems.all(), "  ")) {
            out.println(line);
        }
        out.println("protocol stacks (nowemu.protocol.stack), each with what it assumes away (the ledger counts a"
                + " message lost to such a fault apart, not as a broken promise):");
        HardwareProfile profile = HardwareProfile.read(base);
        for (String st : org.nowemu.protocol.system.Stacks.names(base)) {
            var sys = org.nowemu.protocol.system.Stacks.system(base, "nowemu.protocol.stacks", st);
            out.printf("  %-12s %s: %s%n", st, sys.name(), sys.describe(base, st));
            out.printf("  %-12s assumes %s%n", "",
                    org.nowemu.protocol.system.Stacks.stack(base, "nowemu.protocol.stacks", st, profile)
                            .assumptions().text());
        }
        org.nowemu.workloads.traffic.Vocabulary.lines("  ").forEach(out::println);
        java.util.List<String> takers = new java.util.ArrayList<>();
        for (org.nowemu.workloads.experiment.Workload w : org.nowemu.workloads.experiment.Workloads.all()) {
            if (w.takesFaults()) {
                takers.add(w.name());
            }
        }
        out.println("faults (nowemu.faults = [{fault, element, at}], each also until or for, every, times; taken by "
                + String.join(", ", takers) + "):");
        for (org.nowemu.workloads.faults.FaultKind f : org.nowemu.workloads.faults.FaultKinds.all()) {
            out.printf("  %-14s %s%n", f.name(), f.description());
        }
        return Main.OK;
    }
}
