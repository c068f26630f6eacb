package org.nowemu.workloads.hosttransfer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.HostProgram;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.parts.steps.FirmwareSteps;
import org.nowemu.protocol.parts.steps.HostSteps;
import org.nowemu.protocol.parts.translation.TranslationSettings;
import org.nowemu.workloads.experiment.NetworkWorkload;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.results.Series;

/**
 * Host-to-NIC throughput against transfer size for the survey's Figure 3 mechanisms ({@code nowemu.host-transfer}):
 * PIO, PIO with write combining, DMA from a pinned area after a copy, cache-coherent DMA with on-demand pinning, and
 * DMA with translation misses, each timed through the emulated host, write buffer, I/O bus, DMA engine and the
 * translation part ({@link TransferHost}, {@link TransferFirmware}); host h0 transfers into its own NIC.
 *
 * <p>Metrics: {@code xfer.<mechanism>.<bytes>B_MBps} (bytes of the timed transfers over their time on the host's
 * clock, 10^6 B/s). Series: {@code host-transfer}, throughput against size, one line per mechanism.
 */
public final class HostTransferWorkload extends NetworkWorkload {
    public HostTransferWorkload() {
        super("host-transfer",
                "host-to-NIC throughput vs size: PIO, write-combined PIO, DMA after a copy, with pinning, TLB misses");
    }

    @Override
    protected Plan plan(ConfigReader r, HardwareProfile profile, Topology topology) {
        if (topology.hosts().isEmpty()) {
            throw new BadInputException("host-transfer needs a host; topology " + topology.name() + " has none");
        }
        TransferSettings s = TransferSettings.read(r);
        TranslationSettings ts = TranslationSettings.read(r);
        FirmwareSteps steps = FirmwareSteps.read(r);
        int loop = HostSteps.read(r).loop();
        Cluster cluster = Cluster.build(topology, profile, new Hosts(profile, steps, s, ts, loop));
        return new Plan(cluster.model(), s.maxTimePs(), s);
    }

    @Override
    public SortedMap<String, Double> metrics(Plan p, RunResult r) {
        TransferSettings s = (TransferSettings) p.settings();
        TreeMap<String, Double> m = new TreeMap<>();
        for (Mechanism k : s.mechanisms()) {
            for (int size : s.sizes()) {
                long ps = r.counter("xfer.ps." + k.key + "." + size);
                if (ps > 0) {
                    m.put("xfer." + k.key + "." + size + "B_MBps", (double) s.transfers() * size / (ps / 1e12) / 1e6);
                }
            }
        }
        return m;
    }

    @Override
    public List<Series> series(Plan p, RunResult r) {
        TransferSettings s = (TransferSettings) p.settings();
        SortedMap<String, Double> m = metrics(p, r);
        LinkedHashMap<String, List<Double>> ys = new LinkedHashMap<>();
        for (Mechanism k : s.mechanisms()) {
            List<Double> y = new ArrayList<>();
            for (int size : s.sizes()) {
                y.add(m.getOrDefault("xfer." + k.key + "." + size + "B_MBps", Double.NaN));
            }
            ys.put(k.key, y);
        }
        return List.of(Series.lines("host-transfer", "Host-to-NIC throughput vs transfer size", "transfer size (bytes)",
                "throughput (MB/s)", Series.of(s.sizes()), ys).withLogAxes(true, false));
    }

    /** The transfer firmware on every NIC; the transferring program on host h0 only. */
    private record Hosts(HardwareProfile profile, FirmwareSteps steps, TransferSettings s, TranslationSettings ts,
                         int loop) implements HostProgram {
        @Override
        public Firmware firmware(NicParts nic) {
            return new TransferFirmware(steps);
        }

        @Override
        public List<Part> hostParts(NicParts nic, int firstId) {
            return nic.nic() != 0 ? List.of()
                    : List.of(new Part("p0", () -> new TransferHost(profile, nic, s, ts, loop)));
        }
    }

}
