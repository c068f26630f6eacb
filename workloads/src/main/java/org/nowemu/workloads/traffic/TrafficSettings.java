package org.nowemu.workloads.traffic;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigValueType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.stats.Digest;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.system.Stack;
import org.nowemu.workloads.motifs.MotifPhase;
import org.nowemu.workloads.motifs.MotifReader;
import org.nowemu.workloads.motifs.SkeletonCosts;

/**
 * Settings of the traffic workload ({@code nowemu.traffic}): jobs by name, each on its hosts and stack, with its
 * phases; and the timing and saturation rules they share.
 *
 * @param jobs             the jobs in name order
 * @param startPs          when every job's first phase begins (ps)
 * @param gapPs            idle time between a job's phases (ps), for the network to drain
 * @param drainPs          time after the last phase before the run ends (ps)
 * @param acceptedFraction a phase is saturated when its accepted load falls below this share of the offered
 * @param latencyMultiple  ... or its mean latency exceeds this multiple of the job's lowest-load latency
 * @param messagesCsv      whether the run writes traffic-messages.csv, a row per message that arrived
 * @param motifLimitPs     how long after the start motif jobs have to finish (ps)
 * @param ackBytes         the size of a closed loop's acknowledgement on a stack that does not tell a sender
 */
public record TrafficSettings(List<Job> jobs, long startPs, long gapPs, long drainPs, double acceptedFraction,
                              double latencyMultiple, boolean messagesCsv, long motifLimitPs, int ackBytes) {
    static final String PREFIX = "nowemu.traffic.";
    private static final Set<String> JOB_KEYS = with(MotifReader.KEYS, "stack", "hosts", "phases", "sweep",
            "pattern", "size", "arrival", "load", "duration", "messages", "warmup", "outstanding");
    private static final Set<String> PHASE_KEYS = with(MotifReader.KEYS, "pattern", "size", "arrival", "load",
            "duration", "messages", "warmup", "outstanding");
    private static final java.util.regex.Pattern PER_SECOND = java.util.regex.Pattern
            .compile("([0-9]+(?:\\.[0-9]+)?(?:[eE][0-9]+)?)\\s*(?:msg)?/s");

    /**
     * One job.
     *
     * @param name   its name in metrics
     * @param stack  the stack its hosts run (any system with a Messenger)
     * @param hosts  its hosts, ascending: rank i is hosts.get(i)
     * @param phases its phases in order (a sweep: each phase once per load, in the sweep's order)
     * @param sweep  whether the phases are a load sweep (the report plots latency against accepted load)
     * @param motifs a motif job's phases (motifs and skeletons, docs/workloads.md §7-8), with {@code phases} empty
     */
    public record Job(String name, Stack<?, ?> stack, List<Integer> hosts, List<Phase> phases, boolean sweep,
                      List<MotifPhase> motifs) {
        int maxBytes() {
            return Math.max(phases.stream().mapToInt(p -> p.size().max()).max().orElse(1),
                    motifs.stream().mapToInt(MotifPhase::maxBytes).max().orElse(1));
        }

        /** Whether its receivers acknowledge each message: closed loop on a stack that does not tell a sender. */
        boolean acks() {
            return isClosed() && !stack.tellsDelivery();
        }

        boolean isMotif() {
            return !motifs.isEmpty();
        }

        /** Whether its phases are closed loop (then all of them are). */
        boolean isClosed() {
            return !phases.isEmpty() && phases.get(0).closed();
        }
    }

    private static Set<String> with(Set<String> more, String... keys) {
        Set<String> out = new TreeSet<>(more);
        out.addAll(List.of(keys));
        return Set.copyOf(out);
    }

    static TrafficSettings read(ConfigReader r, HardwareProfile profile, int topologyHosts) {
        Config all = r.config();
        String jobsKey = PREFIX + "jobs";
        if (all.getValue(jobsKey).valueType() != ConfigValueType.OBJECT) {
            throw r.bad(jobsKey, "must be an object of jobs by name, e.g. jobs { a { stack = amii, hosts = \"first 16\","
                    + " pattern = uniform, size = 64, load = 1MB/s, duration = 100us } }");
        }
        TreeSet<String> names = new TreeSet<>(all.getObject(jobsKey).keySet());
        if (names.isEmpty()) {
            throw r.bad(jobsKey, "needs at least one job");
        }
        long seed = r.longValue("nowemu.seed");
        List<Job> jobs = new ArrayList<>();
        SkeletonCosts costs = SkeletonCosts.of(profile.host());
        TreeSet<Integer> taken = new TreeSet<>();
        String rest = null;
        List<String> order = new ArrayList<>();
        for (String name : names) {
            String key = jobsKey + "." + quote(name);
            if (all.getValue(key).valueType() != ConfigValueType.OBJECT) {
                throw r.bad(key, "must be an object (stack, hosts, phases...)");
            }
            unknown(r, key, JOB_KEYS);
            String hosts = r.string(key + ".hosts");
            if (HostSpec.isRest(hosts)) {
                if (rest != null) {
                    throw r.bad(key + ".hosts", "job " + rest + " already takes the rest");
                }
                rest = name;
            } else {
                order.add(name);
            }
        }
        if (rest != null) {
            order.add(rest);
        }
        java.util.TreeMap<String, Job> byName = new java.util.TreeMap<>();
        for (String name : order) {
            String key = jobsKey + "." + quote(name);
            List<Integer> hosts;
            if (name.equals(rest)) {
                hosts = new ArrayList<>();
                for (int h = 0; h < topologyHosts; h++) {
                    if (!taken.contains(h)) {
                        hosts.add(h);
                    }
                }
            } else {
                try {
                    hosts = HostSpec.resolve(r.string(key + ".hosts"), topologyHosts);
                } catch (IllegalArgumentException e) {
                    throw r.bad(key + ".hosts", e.getMessage());
                }
            }
            if (hosts.size() < 2) {
                throw r.bad(key + ".hosts", "a job needs at least 2 hosts, got " + hosts.size());
            }
            for (int h : hosts) {
                if (!taken.add(h)) {
                    throw r.bad(key + ".hosts", "host " + h + " belongs to another job too");
                }
            }
            Stack<?, ?> stack = org.nowemu.protocol.system.Stacks.stack(r, key + ".stack", r.string(key + ".stack"),
                    profile);
            if (!stack.hasMessenger()) {
                throw r.bad(key + ".stack", "stack " + stack.name() + " runs system " + stack.system().name()
                        + ", which has no benchmark adapter (Messenger)");
            }
            long jobSeed = Digest.mix(seed, Digest.of(name));
            Job job = readJob(r, key, name, stack, hosts, jobSeed, costs);
            if (job.isMotif() && stack.system().choices().reliability().startsWith("unreliable")) {
                // A motif's receive waits for a source's next message: a stack that may drop one leaves the rank
                // waiting, and a later message taken for the lost one matches sizes to the wrong step.
                throw r.bad(key + ".stack", "motifs and skeletons need a stack that delivers every message of a"
                        + " sender in order; " + stack.name() + " (" + stack.system().name() + ") is unreliable");
            }
            byName.put(name, job);
        }
        jobs.addAll(byName.values());
        if (r.bool(PREFIX + "messages-csv") && jobs.stream().anyMatch(Job::isClosed)) {
            throw r.bad(PREFIX + "messages-csv", "writes open-loop jobs' messages; a closed-loop job's receivers do not"
                    + " know which message came");
        }
        double fraction = r.doubleIn(PREFIX + "saturation.accepted-fraction", 0.01, 1);
        double multiple = r.doubleIn(PREFIX + "saturation.latency-multiple", 1, 1e6);
        return new TrafficSettings(List.copyOf(jobs), r.duration(PREFIX + "start", 0), r.duration(PREFIX + "gap", 0),
                r.duration(PREFIX + "drain", 0), fraction, multiple, r.bool(PREFIX + "messages-csv"),
                r.duration(PREFIX + "motif-limit", VirtualTime.US), (int) r.bytes(PREFIX + "ack-size", 1, 64));
    }

    private static Job readJob(ConfigReader r, String key, String name, Stack<?, ?> stack, List<Integer> hosts,
                               long seed, SkeletonCosts costs) {
        Config job = r.config().getConfig(key);
        List<Config> phases = new ArrayList<>();
        List<String> where = new ArrayList<>();
        if (job.hasPath("phases")) {
            List<? extends com.typesafe.config.ConfigValue> list;
            try {
                list = job.getList("phases");
            } catch (com.typesafe.config.ConfigException e) {
                throw r.bad(key + ".phases", "must be a list of phases [{pattern = ..., ...}, ...]");
            }
            if (list.isEmpty()) {
                throw r.bad(key + ".phases", "needs at least one phase");
            }
            for (int i = 0; i < list.size(); i++) {
                if (!(list.get(i) instanceof com.typesafe.config.ConfigObject o)) {
                    throw r.bad(key + ".phases", "phase " + i + " must be an object {pattern = ..., ...}");
                }
                for (String k : new TreeSet<>(o.keySet())) {
                    if (!PHASE_KEYS.contains(k)) {
                        throw new BadInputException(key + ".phases[" + i + "]: unknown key " + k + " (known: "
                                + new TreeSet<>(PHASE_KEYS) + ")");
                    }
                }
                phases.add(o.toConfig().withFallback(job.withoutPath("phases")));
                where.add(key + ".phases[" + i + "]");
            }
        } else {
            phases.add(job);
            where.add(key);
        }
        List<String> sweep = job.hasPath("sweep") ? new ConfigReader(job).stringList("sweep") : List.of();
        if (job.hasPath("sweep") && sweep.isEmpty()) {
            throw r.bad(key + ".sweep", "needs at least one load, e.g. [1MB/s, 2MB/s, 4MB/s]");
        }
        long motifs = phases.stream().filter(MotifReader::isMotif).count();
        if (motifs > 0) {
            if (motifs < phases.size()) {
                throw r.bad(key + ".phases", "a job's phases are all traffic (pattern) or all motifs and skeletons;"
                        + " put them in two jobs");
            }
            if (!sweep.isEmpty()) {
                throw r.bad(key + ".sweep", "sweeps a traffic load; a motif job has none");
            }
            List<MotifPhase> out = new ArrayList<>();
            for (int i = 0; i < phases.size(); i++) {
                out.add(MotifReader.read(phases.get(i), where.get(i), String.valueOf(i), hosts, stack, costs));
            }
            return new Job(name, stack, List.copyOf(hosts), List.of(), false, List.copyOf(out));
        }
        List<Phase> out = new ArrayList<>();
        for (int i = 0; i < phases.size(); i++) {
            if (sweep.isEmpty()) {
                out.add(PhaseReader.read(phases.get(i), where.get(i), String.valueOf(i), null, hosts.size(),
                        Digest.mix(seed, i)));
            } else {
                for (int k = 0; k < sweep.size(); k++) {
                    out.add(PhaseReader.read(phases.get(i), where.get(i), i + "." + k, sweep.get(k), hosts.size(),
                            Digest.mix(seed, i)));
                }
            }
        }
        long closed = out.stream().filter(Phase::closed).count();
        if (closed > 0) {
            // The receivers match open-loop arrivals to the senders' schedules by count; a closed-loop phase's
            // count is only known when it is over, so a job is one or the other.
            if (closed < out.size()) {
                throw r.bad(key + ".phases", "a job's phases are all open loop or all closed loop; put them in two"
                        + " jobs");
            }
            if (!sweep.isEmpty()) {
                throw r.bad(key + ".sweep", "sweeps an offered load; a closed-loop job has none");
            }
            if (!stack.tellsDelivery() && !stack.acknowledges()) {
                throw r.bad(key + ".stack", "closed loop needs a stack whose sender learns that its message arrived"
                        + " (AM's replies) or whose Messenger sends acknowledgements; " + stack.name() + " ("
                        + stack.system().name() + ") has neither");
            }
        }
        return new Job(name, stack, List.copyOf(hosts), List.copyOf(out), !sweep.isEmpty(), List.of());
    }

    private static void unknown(ConfigReader r, String key, Set<String> known) {
        for (String k : new TreeSet<>(r.config().getObject(key).keySet())) {
            if (!known.contains(k)) {
                throw r.bad(key + "." + k, "unknown key in a job (known: " + new TreeSet<>(known) + ")");
            }
        }
    }

    static String quote(String name) {
        return com.typesafe.config.ConfigUtil.joinPath(name);
    }

    /** Messages per second a load asks for, given the phase's mean size: {@code 2MB/s} or {@code 5000/s}. */
    static double perSecond(String load, double meanBytes, ConfigReader r, String key) {
        java.util.regex.Matcher m = PER_SECOND.matcher(load.trim());
        if (m.matches()) {
            double v = Double.parseDouble(m.group(1));
            if (!(v > 0) || Double.isInfinite(v)) {
                throw r.bad(key, "must be a positive rate, got '" + load + "'");
            }
            return v;
        }
        Config one = com.typesafe.config.ConfigFactory.parseMap(java.util.Map.of("load", load));
        try {
            return new ConfigReader(one).bytesPerSecond("load") / meanBytes;
        } catch (BadInputException e) {
            throw r.bad(key, "expected a load like 2MB/s or 5000/s (messages per second) per host, got '" + load + "'");
        }
    }
}
