package org.nowemu.workloads.campaign;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import java.util.ArrayList;
import java.util.List;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.system.Stacks;
import org.nowemu.workloads.faults.RandomFaults;
import org.nowemu.workloads.experiment.Windows;

/**
 * Settings of the fault campaign's traffic ({@code nowemu.fault-campaign}) and the case it runs.
 *
 * @param stack     the protocol stack
 * @param clients   contention clients: hosts 1..clients send short requests to host 0
 * @param ringHosts hosts after the clients that send medium requests around a ring (0: none)
 * @param medium    bytes of each ring request
 * @param duration  traffic runs from 0 to this (ps)
 * @param warmup    throughput is measured from here (ps)
 * @param bin       width of a throughput bin (ps)
 * @param during    for a fault without an end (a cut, a failed switch): how long after it counts as during (ps)
 * @param caseName  the case run ({@code cases.<name>}, {@code none} or {@code random})
 * @param caseKey   where the case is ({@code nowemu.fault-campaign.cases.<name>}); null for {@code none}
 * @param random    how the {@code random} case draws its schedule; null for another case
 */
public record CampaignSettings(StackSettings stack, int clients, int ringHosts, int medium, long duration, long warmup,
                               long bin, long during, String caseName, String caseKey, RandomFaults random) {
    static final String PREFIX = "nowemu.fault-campaign.";
    /** The case without faults, always there. */
    static final String NONE = "none";
    /** The case whose schedule is drawn ({@link RandomFaults}, settings under {@code random}), always there. */
    static final String RANDOM = "random";

    static CampaignSettings read(ConfigReader r, HardwareProfile profile) {
        StackSettings stack = Stacks.named(r, PREFIX + "stack", r.string(PREFIX + "stack"),
                profile.nic().maxPacketBytes());
        int clients = r.intIn(PREFIX + "clients", 0, 10_000);
        int ring = r.intIn(PREFIX + "ring-hosts", 0, 100_000);
        if (ring == 1) {
            throw r.bad(PREFIX + "ring-hosts", "a ring needs 0 or at least 2 hosts");
        }
        if (clients == 0 && ring == 0) {
            throw r.bad(PREFIX + "clients", "no traffic: give clients or ring-hosts");
        }
        long duration = r.duration(PREFIX + "duration", VirtualTime.US);
        long warmup = Windows.warmup(r, PREFIX, duration);
        long bin = r.duration(PREFIX + "bin", VirtualTime.US);
        if (duration / bin > 100_000) {
            throw r.bad(PREFIX + "bin", "gives more than 100,000 bins over the duration");
        }
        String name = r.string(PREFIX + "case");
        Config cases = r.config().getConfig(PREFIX + "cases");
        if (cases.root().containsKey(RANDOM)) {
            throw r.bad(PREFIX + "cases." + RANDOM, "the random case draws its schedule (" + PREFIX + RANDOM
                    + "); give your case another name");
        }
        if (!cases.root().containsKey(name) && !name.equals(NONE) && !name.equals(RANDOM)) {
            throw r.bad(PREFIX + "case", "unknown case '" + name + "' (known: "
                    + String.join(", ", new java.util.TreeSet<>(cases.root().keySet())) + ", none or random)");
        }
        String caseKey = PREFIX + "cases." + name;
        int medium = (int) r.bytes(PREFIX + "medium", 0, stack.maxMedium());
        long during = r.duration(PREFIX + "during", VirtualTime.US);
        if (name.equals(RANDOM)) {
            return new CampaignSettings(stack, clients, ring, medium, duration, warmup, bin, during, name, caseKey,
                    RandomFaults.read(r, PREFIX + RANDOM + ".", duration));
        }
        if (!cases.root().containsKey(name)) {
            return new CampaignSettings(stack, clients, ring, medium, duration, warmup, bin, during, name, null, null);
        }
        try {
            Config c = cases.getConfig(name);
            for (String k : c.root().keySet()) {
                if (!List.of("faults", "set").contains(k)) {
                    throw r.bad(caseKey + "." + k, "unknown key (a case has faults and set)");
                }
            }
        } catch (ConfigException e) {
            throw ConfigReader.from(e);
        }
        return new CampaignSettings(stack, clients, ring, medium, duration, warmup, bin, during, name, caseKey, null);
    }

    /** Hosts the traffic needs: the server, the clients and the ring. */
    int hosts() {
        return 1 + clients + ringHosts;
    }

    /** The ring host after {@code host} (hosts clients+1 .. clients+ringHosts), or -1 if it is not on the ring. */
    int next(int host) {
        int first = clients + 1;
        if (host < first || host >= first + ringHosts) {
            return -1;
        }
        return first + (host - first + 1) % ringHosts;
    }

    /** Bins over the traffic and its drain. */
    int bins() {
        return (int) ((duration + bin - 1) / bin);
    }

    /** Bin start times (ms), for the plot. */
    List<Double> binStartsMs() {
        List<Double> x = new ArrayList<>();
        for (int i = 0; i < bins(); i++) {
            x.add(i * bin / 1e9);
        }
        return x;
    }
}
