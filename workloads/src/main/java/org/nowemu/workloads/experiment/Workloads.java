package org.nowemu.workloads.experiment;

import java.util.List;
import java.util.stream.Collectors;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.workloads.phold.PholdWorkload;

/** The registry of workloads by name; one file per workload. */
public final class Workloads {
    private static final List<Workload> ALL = List.of(new PholdWorkload());

    private Workloads() {
    }

    public static List<Workload> all() {
        return ALL;
    }

    public static Workload byName(String name) {
        for (Workload w : ALL) {
            if (w.name().equals(name)) {
                return w;
            }
        }
        throw new BadInputException("nowemu.workload: unknown workload '" + name + "' (known: "
                + ALL.stream().map(Workload::name).collect(Collectors.joining(", ")) + ")");
    }
}
