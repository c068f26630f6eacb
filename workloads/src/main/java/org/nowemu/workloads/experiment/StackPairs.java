package org.nowemu.workloads.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topologies;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.system.Stack;
import org.nowemu.protocol.system.Stacks;
import org.nowemu.protocol.system.SystemCluster;

/**
 * Stacks measured side by side in one run: pair i (hosts 2i and 2i+1 of the topology) runs the i-th stack, a
 * client program on the first host and a server on the second, both programs of that stack's system; other hosts
 * stay idle. Pairs share nothing but the network, so on a topology where pairs do not share links (the experiment
 * files use a chain with two hosts per switch) each pair measures its stack alone, and pairs may run different
 * communication systems.
 */
public final class StackPairs {
    private StackPairs() {
    }

    /** The Active Messages stacks named by the list at {@code key}, each validated (for AM programs). */
    public static List<StackSettings> stacks(ConfigReader r, String key, HardwareProfile profile) {
        List<StackSettings> out = new ArrayList<>();
        for (String n : names(r, key)) {
            out.add(Stacks.named(r, key, n, profile.nic().maxPacketBytes()));
        }
        return out;
    }

    /** The stacks named by the list at {@code key}, of any system, each validated. */
    public static List<Stack<?, ?>> anyStacks(ConfigReader r, String key, HardwareProfile profile) {
        List<Stack<?, ?>> out = new ArrayList<>();
        for (String n : names(r, key)) {
            out.add(Stacks.stack(r, key, n, profile));
        }
        return out;
    }

    /**
     * The stacks named by the list at {@code key}, of any system, each named once and with a benchmark adapter
     * ({@link org.nowemu.protocol.parts.bench.Messenger}): what an experiment that runs the same programs on every
     * stack can take.
     */
    public static List<Stack<?, ?>> messengerStacks(ConfigReader r, String key, HardwareProfile profile) {
        List<Stack<?, ?>> stacks = anyStacks(r, key, profile);
        java.util.Set<String> seen = new java.util.TreeSet<>();
        for (Stack<?, ?> s : stacks) {
            if (!seen.add(s.name())) {
                throw r.bad(key, "stack " + s.name() + " is named twice");
            }
            if (!s.hasMessenger()) {
                throw r.bad(key, "stack " + s.name() + " runs system " + s.system().name()
                        + ", which has no benchmark adapter (Messenger)");
            }
        }
        return stacks;
    }

    private static List<String> names(ConfigReader r, String key) {
        List<String> names = r.stringList(key);
        if (names.isEmpty()) {
            throw r.bad(key, "needs at least one protocol stack");
        }
        return names;
    }

    /**
     * The cluster: {@code variants.get(i)} on hosts 2i (running {@code client.apply(i)}) and 2i+1
     * ({@code server.apply(i)}), each a program of that stack's system.
     *
     * @param experiment name for the error message when the topology has too few hosts
     */
    public static Cluster build(ConfigReader r, HardwareProfile profile, String experiment,
                                List<? extends Stack<?, ?>> variants, IntFunction<?> client, IntFunction<?> server) {
        Topology t = Topologies.build(r, profile.switches().ports());
        int hosts = t.hosts().size();
        if (hosts < 2 * variants.size()) {
            throw new BadInputException(experiment + " runs " + variants.size() + " stack(s) on host pairs and needs "
                    + 2 * variants.size() + " hosts; topology " + t.name() + " has " + hosts);
        }
        Stack<?, ?> idle = variants.get(0);
        return SystemCluster.build(t, profile, h -> h < 2 * variants.size() ? variants.get(h / 2) : idle,
                h -> h >= 2 * variants.size() ? List.of()
                        : List.of(h % 2 == 0 ? client.apply(h / 2) : server.apply(h / 2)), Failures.none());
    }
}
