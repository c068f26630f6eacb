package org.nowemu.workloads.faults;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import java.util.List;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.topology.Topology;

/**
 * The fault schedule of an experiment, {@code nowemu.faults}: a list of {@code {fault, element, at}}, each
 * checked against the registry ({@link FaultKinds}) and the topology, and turned into the hardware's
 * {@link Failures}. Every kind also takes a time range, repeating or not ({@link FaultTimes}: {@code until} or
 * {@code for}, {@code every}, {@code times}), read here once for all kinds. Deterministic: a fault happens at
 * its virtual time, whatever the threads or JVMs.
 */
public final class FaultSchedule {
    static final String KEY = "nowemu.faults";

    private FaultSchedule() {
    }

    /** Whether the configuration schedules any fault. */
    public static boolean any(Config config) {
        return config.hasPath(KEY) && !config.getList(KEY).isEmpty();
    }

    /**
     * The horizon of a run whose traffic ends at {@code lastSendPs}: {@code slackPs} later, or, when the
     * configuration schedules faults, late enough for the transport to give up on any request and on the reply it
     * may still have caused ({@code SystemSettings#settlePs}), so that every message has been handled or returned
     * when the ledger is closed.
     */
    public static long horizon(Config config, long lastSendPs, long slackPs,
                               org.nowemu.protocol.system.SystemSettings stack) {
        return lastSendPs + (any(config) ? Math.max(slackPs, stack.settlePs()) : slackPs);
    }

    /**
     * Refuses an entry of the schedule at {@code key} that starts at or after {@code endPs}, the end of
     * {@code what}: it would change nothing the run measures, and a schedule that silently does nothing hides
     * a mistake (a unit, a digit).
     */
    public static void requireBefore(ConfigReader r, String key, long endPs, String what) {
        List<? extends Config> entries = entries(r, key);
        for (int i = 0; i < entries.size(); i++) {
            String at = key + "[" + i + "]";
            long start = FaultTimes.time(entries.get(i), "at", at);
            if (start >= endPs) {
                throw FaultKinds.bad(at + ".at", org.nowemu.actors.time.VirtualTime.format(start) + " is after "
                        + what + " ends (" + org.nowemu.actors.time.VirtualTime.format(endPs)
                        + "): the fault would change nothing");
            }
        }
    }

    /** The hardware failures the schedule asks for on {@code topology}; a bad entry is one line naming it. */
    public static Failures read(ConfigReader r, Topology topology) {
        return read(r, topology, KEY, Failures.on(topology));
    }

    /**
     * {@code failures} and the schedule at {@code key} (a list of entries as in {@code nowemu.faults}, elsewhere:
     * a campaign's case) on {@code topology}; a bad entry is one line naming it.
     */
    public static Failures read(ConfigReader r, Topology topology, String key, Failures failures) {
        Failures f = failures;
        List<? extends Config> entries = entries(r, key);
        for (int i = 0; i < entries.size(); i++) {
            String at = key + "[" + i + "]";
            Config c = entries.get(i);
            ConfigReader e = new ConfigReader(c);
            for (String k : List.of("fault", "element", "at")) {
                if (!c.hasPath(k)) {
                    throw FaultKinds.bad(at, "needs '" + k + "' (each fault is {fault, element, at})");
                }
            }
            FaultKind kind = FaultKinds.named(e.string("fault"), at + ".fault");
            List<String> known = new java.util.ArrayList<>(List.of("fault", "element"));
            known.addAll(FaultTimes.KEYS);
            known.addAll(kind.keys());
            for (var k : new java.util.TreeSet<>(c.root().keySet())) {
                if (!known.contains(k)) {
                    throw FaultKinds.bad(at + "." + k, "unknown key (" + kind.name() + " takes "
                            + String.join(", ", known) + ")");
                }
            }
            FaultTimes when = FaultTimes.read(c, at);
            f = kind.apply(f, topology, e.string("element"), when, c, at);
        }
        return f;
    }

    private static List<? extends Config> entries(ConfigReader r, String key) {
        try {
            return r.config().getConfigList(key);
        } catch (ConfigException e) {
            throw ConfigReader.from(e);
        }
    }
}
