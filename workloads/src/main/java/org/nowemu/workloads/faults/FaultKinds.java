package org.nowemu.workloads.faults;

import java.util.List;
import org.nowemu.actors.config.Named;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.Topology;

/** The registry of fault kinds, by name. */
public final class FaultKinds {
    private static final List<FaultKind> ALL = List.of(new CutLink(), new FailSwitch(), new LinkErrors(),
            new StallReceiver(), new CrashProcess(), new CyclePower(), new CorruptRoute());

    private FaultKinds() {
    }

    public static List<FaultKind> all() {
        return ALL;
    }

    static FaultKind named(String name, String key) {
        return Named.find(ALL, name).orElseThrow(
                () -> FaultKinds.bad(key, "unknown fault '" + name + "' (known: " + Named.names(ALL) + ")"));
    }

    /** A bad entry of the schedule, in one line: {@code key} is its place, as {@code nowemu.faults[2].element}. */
    static org.nowemu.actors.config.BadInputException bad(String key, String what) {
        return new org.nowemu.actors.config.BadInputException(key + ": " + what);
    }

    /**
     * The entry's positive duration {@code name} (ps); missing, not a time, or not above 0 is one line naming it
     * ({@code missing} says what it is for).
     */
    static long duration(com.typesafe.config.Config entry, String name, String key, String missing) {
        if (!entry.hasPath(name)) {
            throw bad(key, missing);
        }
        long ps = FaultTimes.time(entry, name, key);
        if (ps <= 0) {
            throw bad(key + "." + name, "must be longer than 0");
        }
        return ps;
    }

    /** The host named {@code name}; a switch or an unknown name is bad input naming {@code key}. */
    static Node host(Topology topology, String name, String key) {
        Node n = node(topology, name, key);
        if (!n.isHost()) {
            throw bad(key, name + " is a switch, not a host");
        }
        return n;
    }

    static Node node(Topology topology, String name, String key) {
        for (Node n : topology.nodes()) {
            if (n.name().equals(name)) {
                return n;
            }
        }
        throw FaultKinds.bad(key, "no switch or host named '" + name + "' in the " + topology.name() + " topology");
    }
}
