package org.nowemu.workloads.experiment;

import com.typesafe.config.ConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topologies;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.AmCluster;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.stack.StackSettings;
import org.nowemu.protocol.stack.Stacks;

/**
 * Stacks measured side by side in one run: pair i (hosts 2i and 2i+1 of the topology) runs the i-th stack, a
 * client program on the first host and a server on the second; other hosts stay idle. Pairs share nothing but
 * the network, so on a topology where pairs do not share links (the experiment files use a chain with two hosts
 * per switch) each pair measures its stack alone.
 */
public final class StackPairs {
    private StackPairs() {
    }

    /** The stacks named by the list at {@code key}, each validated. */
    public static List<StackSettings> stacks(ConfigReader r, String key, HardwareProfile profile) {
        List<String> names;
        try {
            names = r.config().getStringList(key);
        } catch (ConfigException e) {
            throw ConfigReader.from(e);
        }
        if (names.isEmpty()) {
            throw r.bad(key, "needs at least one protocol stack");
        }
        List<StackSettings> out = new ArrayList<>();
        for (String n : names) {
            out.add(Stacks.named(r, key, n, profile.nic().maxPacketBytes()));
        }
        return out;
    }

    /**
     * The cluster: {@code variants.get(i)} on hosts 2i (running {@code client}) and 2i+1 ({@code server}).
     *
     * @param experiment name for the error message when the topology has too few hosts
     */
    public static Cluster build(ConfigReader r, HardwareProfile profile, String experiment,
                                List<StackSettings> variants, Function<Integer, AmProgram> client,
                                Function<Integer, AmProgram> server) {
        Topology t = Topologies.build(r, profile.switches().ports());
        int hosts = t.hosts().size();
        if (hosts < 2 * variants.size()) {
            throw new BadInputException(experiment + " runs " + variants.size() + " stack(s) on host pairs and needs "
                    + 2 * variants.size() + " hosts; topology " + t.name() + " has " + hosts);
        }
        StackSettings idle = variants.get(0);
        return AmCluster.build(t, profile, h -> h < 2 * variants.size() ? variants.get(h / 2) : idle,
                h -> h >= 2 * variants.size() ? List.of()
                        : List.of(h % 2 == 0 ? client.apply(h / 2) : server.apply(h / 2)));
    }
}
