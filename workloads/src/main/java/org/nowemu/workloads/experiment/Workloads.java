package org.nowemu.workloads.experiment;

import java.util.List;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.config.Named;
import org.nowemu.workloads.bandwidth.BandwidthWorkload;
import org.nowemu.workloads.logp.LogpWorkload;
import org.nowemu.workloads.contention.ContentionWorkload;
import org.nowemu.workloads.map.MapWorkload;
import org.nowemu.workloads.permutations.PermutationWorkload;
import org.nowemu.workloads.vnets.VnetWorkload;
import org.nowemu.workloads.overcommit.OvercommitWorkload;
import org.nowemu.workloads.phold.PholdWorkload;
import org.nowemu.workloads.raw.RawPingPongWorkload;

/** The registry of workloads by name; one file per workload. */
public final class Workloads {
    private static final String KEY = "nowemu.workload";
    private static final List<NamedWorkload> ALL = List.of(new PholdWorkload(), new RawPingPongWorkload(),
            new LogpWorkload(), new BandwidthWorkload(), new OvercommitWorkload(),
            new MapWorkload(), new ContentionWorkload(), new PermutationWorkload(),
            new VnetWorkload(), new org.nowemu.workloads.campaign.FaultCampaignWorkload(),
            new org.nowemu.workloads.overview.OverviewWorkload(), new org.nowemu.workloads.compare.CompareWorkload(),
            new org.nowemu.workloads.reliability.ReliabilityCostWorkload(),
            new org.nowemu.workloads.hosttransfer.HostTransferWorkload(),

            new org.nowemu.workloads.multicast.MulticastWorkload(),
            new org.nowemu.workloads.notification.NotificationWorkload(),
            new org.nowemu.workloads.traffic.TrafficWorkload());

    private Workloads() {
    }

    public static List<Workload> all() {
        return List.copyOf(ALL);
    }

    /** The workload named by {@code nowemu.workload}; an unknown name is bad input naming where it was set. */
    public static Workload from(ConfigReader config) {
        String name = config.string(KEY);
        return Named.find(ALL, name).orElseThrow(
                () -> config.bad(KEY, "unknown workload '" + name + "' (known: " + Named.names(ALL) + ")"));
    }
}
