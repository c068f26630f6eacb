package org.nowemu.workloads.bandwidth;

import com.typesafe.config.Config;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.Endpoint;
import org.nowemu.protocol.am.EndpointName;
import org.nowemu.protocol.stack.StackSettings;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.StackPairs;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.results.Series;

/**
 * Bandwidth against medium-message size ({@code nowemu.bandwidth}), one host pair per (stack, DMA mode). The
 * client streams medium requests as fast as its credits allow; the server's handler answers each with a short
 * reply. Bandwidth is the data of the timed messages over the time between the replies of the first timed
 * message's predecessor and the last message, as the client's clock sees them.
 *
 * <p>Metrics: {@code bw.<stack>.<streaming|consistent>.<bytes>B_MBps} (10^6 B/s).
 */
public final class BandwidthWorkload implements Workload {
    private static final int TAG = 0xba9d;

    /** The pairs: stack i, mode j. */
    private record Variant(StackSettings stack, String mode) {
        String key() {
            return "bw." + stack.name() + "." + mode + ".";
        }
    }

    private record Planned(BandwidthSettings settings, List<Variant> variants) {
    }

    @Override
    public String name() {
        return "bandwidth";
    }

    @Override
    public String description() {
        return "medium-message bandwidth vs size per protocol stack, streaming and consistent DMA";
    }

    @Override
    public Plan plan(Config config) {
        ConfigReader r = new ConfigReader(config);
        HardwareProfile profile = HardwareProfile.read(r);
        BandwidthSettings s = BandwidthSettings.read(r, profile);
        List<Variant> variants = new ArrayList<>();
        for (StackSettings stack : s.stacks()) {
            for (String mode : s.modes()) {
                variants.add(new Variant(stack.withStreaming(mode.equals("streaming")), mode));
            }
        }
        Cluster c = StackPairs.build(r, profile, "bandwidth", variants.stream().map(Variant::stack).toList(),
                i -> client(variants.get(i), s), i -> server());
        return new Plan(c.model(), s.maxTimePs(), new Planned(s, variants));
    }

    private static AmProgram server() {
        return am -> {
            Endpoint ep = am.endpoint(TAG);
            ep.setHandler(1, (token, m) -> token.reply(2, m.length()));
            am.pollUntil(() -> false);
        };
    }

    private static AmProgram client(Variant v, BandwidthSettings s) {
        return am -> {
            Endpoint ep = am.endpoint(TAG);
            ep.map(0, new EndpointName(am.host() + 1, 0), TAG);
            long[] replies = {0};
            long[] at = new long[s.messages() + 1];
            ep.setHandler(2, (token, m) -> at[(int) ++replies[0]] = am.now());
            int skip = ep.credits();
            for (int size : s.sizes()) {
                byte[] data = new byte[size];
                replies[0] = 0;
                for (int i = 0; i < s.messages(); i++) {
                    data[0] = (byte) i;
                    ep.requestMedium(0, 1, data);
                }
                am.pollUntil(() -> replies[0] == s.messages());
                am.counter(v.key() + size + "_bytes").add((long) (s.messages() - skip) * size);
                am.counter(v.key() + size + "_ps").add(at[s.messages()] - at[skip]);
            }
        };
    }

    @Override
    public SortedMap<String, Double> metrics(Plan plan, RunResult r) {
        Planned p = (Planned) plan.settings();
        TreeMap<String, Double> m = new TreeMap<>();
        for (Variant v : p.variants()) {
            for (int size : p.settings().sizes()) {
                long ps = r.counter(v.key() + size + "_ps");
                if (ps > 0) {
                    m.put(v.key() + size + "B_MBps", r.counter(v.key() + size + "_bytes") / (ps / 1e12) / 1e6);
                }
            }
        }
        return m;
    }

    @Override
    public List<Series> series(Plan plan, RunResult r) {
        Planned p = (Planned) plan.settings();
        SortedMap<String, Double> m = metrics(plan, r);
        java.util.LinkedHashMap<String, List<Double>> ys = new java.util.LinkedHashMap<>();
        for (Variant v : p.variants()) {
            List<Double> col = new ArrayList<>();
            for (int size : p.settings().sizes()) {
                col.add(m.getOrDefault(v.key() + size + "B_MBps", 0.0));
            }
            ys.put(v.stack().name() + " " + v.mode(), col);
        }
        return List.of(Series.lines("bandwidth", "Bandwidth vs medium-message size", "message size (bytes)", "MB/s",
                Series.of(p.settings().sizes()), ys));
    }
}
