package org.nowemu.workloads.phold;

import com.typesafe.config.Config;
import java.util.SortedMap;
import java.util.TreeMap;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.NamedWorkload;

/**
 * PHOLD, the standard benchmark of parallel discrete-event simulators (ROSS's model), settings under
 * {@code nowemu.phold}. Metrics: {@code phold.events_count} (handled), {@code phold.remote_fraction} (share
 * of events sent to another component), {@code phold.event_rate_per_us} (events per virtual microsecond). How
 * the runtime scheduled it (windows, activations per event) is in results.json beside the metrics.
 */
public final class PholdWorkload extends NamedWorkload {
    public PholdWorkload() {
        super("phold",
                "PHOLD: components exchanging events with exponential delays (runtime benchmark)");
    }

    @Override
    public Plan plan(Config config) {
        PholdSettings s = PholdSettings.from(config, "nowemu.phold");
        return new Plan(PholdModel.build(s), s.durationPs(), s);
    }

    @Override
    public SortedMap<String, Double> metrics(Plan plan, RunResult r) {
        PholdSettings s = (PholdSettings) plan.settings();
        TreeMap<String, Double> m = new TreeMap<>();
        m.put("phold.events_count", (double) r.events());
        m.put("phold.remote_fraction", r.events() == 0 ? 0 : r.counter(PholdNode.REMOTE) / (double) r.events());
        m.put("phold.event_rate_per_us", r.events() / VirtualTime.toMicros(s.durationPs()));
        return m;
    }
}
