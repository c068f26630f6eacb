package org.nowemu.workloads.permutations;

import java.util.ArrayList;
import java.util.List;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.system.Stacks;
import org.nowemu.workloads.experiment.Windows;

/**
 * Settings of the permutations experiment ({@code nowemu.permutations}).
 *
 * @param stack       the protocol stack
 * @param hosts       hosts taking part: the first {@code hosts} of the topology
 * @param mediumBytes bytes of each medium request in the bandwidth phases
 * @param args        argument words of short requests and replies
 * @param duration    length of each phase (ps)
 * @param warmup      start of each phase not measured (ps)
 * @param gap         idle time between phases (ps)
 * @param start       when the first phase begins (ps)
 * @param patterns    the patterns, in the order they run
 * @param pairs       host i's partner in the random-pairs pattern (-1: the odd one out), drawn from the seed
 */
public record PermutationSettings(StackSettings stack, int hosts, int mediumBytes, int args, long duration, long warmup,
                                  long gap, long start, List<String> patterns, int[] pairs) {
    static final String PREFIX = "nowemu.permutations.";
    /** Every pattern there is. */
    static final List<String> KNOWN = List.of("cshift", "neighbor", "bisection", "random-pairs");

    static PermutationSettings read(ConfigReader r, HardwareProfile profile) {
        StackSettings stack = Stacks.named(r, PREFIX + "stack", r.string(PREFIX + "stack"),
                profile.nic().maxPacketBytes());
        long duration = r.duration(PREFIX + "duration", VirtualTime.US);
        long warmup = Windows.warmup(r, PREFIX, duration);
        List<String> patterns = r.stringList(PREFIX + "patterns");
        if (patterns.isEmpty()) {
            throw r.bad(PREFIX + "patterns", "needs at least one pattern of " + KNOWN);
        }
        for (String p : patterns) {
            if (!KNOWN.contains(p)) {
                throw r.bad(PREFIX + "patterns", "unknown pattern '" + p + "'; known: " + KNOWN);
            }
        }
        if (new java.util.HashSet<>(patterns).size() != patterns.size()) {
            throw r.bad(PREFIX + "patterns", "names a pattern twice: " + patterns);
        }
        int hosts = r.intIn(PREFIX + "hosts", 2, 1 << 20);
        return new PermutationSettings(stack, hosts,
                (int) r.bytes(PREFIX + "medium-bytes", 1, stack.maxMedium()), r.intIn(PREFIX + "args", 0, stack.maxArgs()),
                duration, warmup, r.duration(PREFIX + "gap", 0), r.duration(PREFIX + "start", 0), patterns,
                randomPairs(hosts, r.longValue("nowemu.seed")));
    }

    /** A random perfect matching of the hosts (a shuffle, then neighbours in it pair up), from the run's seed. */
    static int[] randomPairs(int n, long seed) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed ^ 0x7065726d70616972L);
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        int[] partner = new int[n];
        java.util.Arrays.fill(partner, -1);
        for (int i = 0; i + 1 < n; i += 2) {
            partner[order[i]] = order[i + 1];
            partner[order[i + 1]] = order[i];
        }
        return partner;
    }

    /** Host {@code i}'s partner in {@code pattern}, or -1 if it has none (the odd one out). */
    int partner(String pattern, int i) {
        int n = hosts;
        return switch (pattern) {
            case "cshift" -> (i + 1) % n;
            case "neighbor" -> (i ^ 1) < n ? i ^ 1 : -1;
            case "random-pairs" -> pairs[i];
            default -> i < 2 * (n / 2) ? (i + n / 2) % (2 * (n / 2)) : -1;
        };
    }

    /** Phases in order: per pattern, bandwidth then round trips. */
    List<Phase> phases() {
        List<Phase> out = new ArrayList<>();
        long t = start;
        for (int p = 0; p < patterns.size(); p++) {
            for (boolean bw : new boolean[] {true, false}) {
                out.add(new Phase(patterns.get(p), p, bw, t, t + warmup, t + duration));
                t += duration + gap;
            }
        }
        return out;
    }

    /** One phase of one pattern: medium messages for bandwidth, or single short round trips. */
    record Phase(String pattern, int index, boolean bandwidth, long start, long from, long end) {
        String key() {
            return "perm." + pattern + ".";
        }
    }
}
