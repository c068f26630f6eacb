package org.nowemu.workloads.faults;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.topology.Cable;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.Port;
import org.nowemu.hardware.topology.Topology;

/**
 * Draws a fault schedule at random: entries as {@code nowemu.faults} takes them, of the kinds in the registry
 * ({@link FaultKinds}), on elements of the topology, at whole microseconds in a window. Schedule {@code k} of seed
 * {@code s} is always the same schedule: the draw depends on nothing else, so a sweep over {@code k} is a campaign
 * of distinct schedules, each reproducible alone, and the schedule it drew can be written down and run again.
 *
 * <p>The first fault of schedule {@code k} is of kind {@code k mod kinds}, so that consecutive schedules cover
 * every kind; the other kinds are drawn. Each kind draws what it takes: a cable (of a host or between switches;
 * link errors and route corruption take every cable one time in four, since a fault everywhere meets every
 * exchange), a switch, a host, a process ({@code p0} of a host that runs one, each crashed once at most), a span
 * (log-uniform between the shortest and the longest, so short glitches and long outages are both common), and for
 * link errors and route corruption their rates (log-uniform over three and two decades below the maximum; link
 * errors flip bits, drop packets, or both, a third each, since the CRC path and the silent loss recover apart).
 * A fault that may hold for good does so with probability {@code forGood}; one that ends repeats with probability
 * {@code repeats} (every 2 to 5 spans, 2 to 10 times). Power cycles of one NIC never overlap: a draw that would
 * is made again.
 *
 * @param schedule     which schedule of the seed ({@code >= 0})
 * @param faults       faults per schedule
 * @param fromPs       earliest start (ps)
 * @param toPs         starts lie before this (ps): the end of the traffic
 * @param kinds        the kinds to draw from, registry names in registry order
 * @param shortestPs   shortest span of a fault that ends (ps)
 * @param longestPs    longest span (ps)
 * @param forGood      probability that a cut, failed switch, link errors or route corruption holds for good
 * @param repeats      probability that a fault that ends repeats
 * @param maxBer       highest bit-error rate drawn (per bit)
 * @param maxDrop      highest packet-drop probability drawn
 * @param maxCorrupted highest fraction of packets whose route is corrupted
 */
public record RandomFaults(long schedule, int faults, long fromPs, long toPs, List<String> kinds, long shortestPs, long longestPs,
                           double forGood, double repeats, double maxBer, double maxDrop, double maxCorrupted) {
    private static final long US = VirtualTime.US;
    /** Draws of one fault before it is given up for another kind (a host with no free time for a power cycle). */
    private static final int ATTEMPTS = 50;

    /** The settings under {@code prefix} (as {@code nowemu.fault-campaign.random.}); traffic ends at {@code endPs}. */
    public static RandomFaults read(ConfigReader r, String prefix, long endPs) {
        long from = r.duration(prefix + "from", 0);
        if (from >= endPs) {
            throw r.bad(prefix + "from", "must be before the traffic ends (" + VirtualTime.format(endPs) + ")");
        }
        List<String> known = FaultKinds.all().stream().map(FaultKind::name).toList();
        List<String> asked = r.stringList(prefix + "kinds");
        for (String k : asked) {
            if (!known.contains(k)) {
                throw r.bad(prefix + "kinds", "unknown fault '" + k + "' (known: " + String.join(", ", known) + ")");
            }
        }
        List<String> kinds = asked.isEmpty() ? known : known.stream().filter(asked::contains).toList();
        long shortest = r.duration(prefix + "shortest", US);
        long longest = r.duration(prefix + "longest", shortest);
        long schedule = r.longValue(prefix + "schedule");
        if (schedule < 0) {
            throw r.bad(prefix + "schedule", "must be 0 or more, got " + schedule);
        }
        return new RandomFaults(schedule, r.intIn(prefix + "faults", 1, 100), from, endPs, kinds, shortest, longest,
                r.doubleIn(prefix + "for-good", 0, 1), r.doubleIn(prefix + "repeats", 0, 1),
                r.doubleIn(prefix + "max-bit-error-rate", 1e-15, 1), r.doubleIn(prefix + "max-drop", 1e-15, 1),
                r.doubleIn(prefix + "max-route-corruption", 1e-9, 1));
    }

    /**
     * The schedule of {@code seed} on {@code topology}, where the hosts named in {@code withProcess} run a process
     * ({@code p0}): its entries in order, each a map of keys to values as a schedule is written.
     */
    public List<Map<String, Object>> draw(Topology topology, List<String> withProcess, long seed) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + schedule * 0xC2B2AE3D27D4EB4FL
                + 0x52616e646f6dL);
        Draw d = new Draw(topology, withProcess, random);
        List<Map<String, Object>> out = new ArrayList<>();
        for (int i = 0; i < faults; i++) {
            String kind = i == 0 ? kinds.get((int) (schedule % kinds.size())) : kinds.get(random.nextInt(kinds.size()));
            Map<String, Object> e = null;
            for (int a = 0; a < ATTEMPTS && e == null; a++) {
                e = d.entry(kind);
                if (e == null) {
                    kind = kinds.get(random.nextInt(kinds.size()));
                }
            }
            if (e != null) {
                out.add(e);
            }
        }
        return out;
    }

    /** The entries as HOCON, one a line, to paste into {@code nowemu.faults}. */
    public static String render(List<Map<String, Object>> entries) {
        StringBuilder b = new StringBuilder("nowemu.faults = [\n");
        for (Map<String, Object> e : entries) {
            List<String> kv = new ArrayList<>();
            for (Map.Entry<String, Object> x : e.entrySet()) {
                String v = String.valueOf(x.getValue());
                kv.add(x.getKey() + " = " + (v.contains(":") ? "\"" + v + "\"" : v));
            }
            b.append("  {").append(String.join(", ", kv)).append("}\n");
        }
        return b.append("]\n").toString();
    }

    /** One schedule's drawing: the elements there are, and what the schedule has used up. */
    private final class Draw {
        private final SplittableRandom random;
        private final List<String> hosts = new ArrayList<>();
        private final List<String> switches = new ArrayList<>();
        private final List<String> cables = new ArrayList<>();
        private final TreeSet<String> crashable;
        /** Per host, the spans its NIC is off in the schedule so far ({off, on} in ps). */
        private final TreeMap<String, List<long[]>> off = new TreeMap<>();

        Draw(Topology topology, List<String> withProcess, SplittableRandom random) {
            this.random = random;
            for (Node n : topology.nodes()) {
                (n.isHost() ? hosts : switches).add(n.name());
            }
            for (Cable c : topology.cables()) {
                cables.add(name(topology, c));
            }
            this.crashable = new TreeSet<>(withProcess);
        }

        /** An entry of {@code kind}, or null if this schedule has no room left for one. */
        Map<String, Object> entry(String kind) {
            LinkedHashMap<String, Object> e = new LinkedHashMap<>();
            e.put("fault", kind);
            long at = fromPs / US + random.nextLong(Math.max(1, (toPs - fromPs) / US));
            switch (kind) {
                case "cut-link" -> e.put("element", pick(cables));
                case "fail-switch" -> {
                    if (switches.isEmpty()) {
                        return null;
                    }
                    e.put("element", pick(switches));
                }
                case "link-errors", "corrupt-route" -> e.put("element", random.nextInt(4) == 0 ? "all" : pick(cables));
                case "crash-process" -> {
                    if (crashable.isEmpty()) {
                        return null;
                    }
                    String h = new ArrayList<>(crashable).get(random.nextInt(crashable.size()));
                    crashable.remove(h);
                    e.put("element", h + ".p0");
                    e.put("at", at + "us");
                    return e;
                }
                default -> e.put("element", pick(hosts));
            }
            e.put("at", at + "us");
            if (kind.equals("link-errors")) {
                int what = random.nextInt(3);
                if (what != 1) {
                    e.put("bit-error-rate", logUniform(maxBer, 1e3));
                }
                if (what != 0) {
                    e.put("drop", logUniform(maxDrop, 1e3));
                }
            } else if (kind.equals("corrupt-route")) {
                e.put("fraction", logUniform(maxCorrupted, 1e2));
            }
            boolean mayHoldForGood = !kind.equals("stall-receiver") && !kind.equals("power-cycle");
            if (mayHoldForGood && random.nextDouble() < forGood) {
                return e;
            }
            long span = Math.max(1, Math.round(Math.exp(Math.log(shortestPs / (double) US)
                    + random.nextDouble() * Math.log(longestPs / (double) shortestPs))));
            e.put("for", span + "us");
            long every = 0;
            long times = 1;
            if (random.nextDouble() < repeats) {
                every = span * (2 + random.nextInt(4));
                times = 2 + random.nextInt(9);
                e.put("every", every + "us");
                e.put("times", times);
            }
            if (kind.equals("power-cycle") && !nicFree((String) e.get("element"), at, span, every, times)) {
                return null;
            }
            return e;
        }

        /** Whether host {@code host}'s NIC is on throughout the spans asked for; if so they are taken. */
        private boolean nicFree(String host, long at, long span, long every, long times) {
            List<long[]> taken = off.computeIfAbsent(host, h -> new ArrayList<>());
            List<long[]> wanted = new ArrayList<>();
            for (long k = 0; k < times; k++) {
                long s = (at + k * every) * US;
                wanted.add(new long[] {s, s + span * US});
            }
            for (long[] w : wanted) {
                for (long[] t : taken) {
                    if (w[0] < t[1] && t[0] < w[1]) {
                        return false;
                    }
                }
            }
            taken.addAll(wanted);
            return true;
        }

        private String pick(List<String> from) {
            return from.get(random.nextInt(from.size()));
        }

        /** A value log-uniform between {@code max / decades} and {@code max}, to three significant digits. */
        private double logUniform(double max, double decades) {
            double v = max / decades * Math.pow(decades, random.nextDouble());
            return Double.parseDouble(String.format(java.util.Locale.ROOT, "%.3g", v));
        }
    }

    /** A cable as a schedule names it: by its host if it has one, else by its end at the lower switch. */
    private static String name(Topology topology, Cable c) {
        Node a = topology.nodes().get(c.a().node());
        Node b = topology.nodes().get(c.b().node());
        if (a.isHost()) {
            return a.name();
        }
        if (b.isHost()) {
            return b.name();
        }
        Port end = c.a().node() <= c.b().node() ? c.a() : c.b();
        return topology.nodes().get(end.node()).name() + ":" + end.port();
    }
}
