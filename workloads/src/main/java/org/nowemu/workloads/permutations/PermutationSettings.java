package org.nowemu.workloads.permutations;

import java.util.ArrayList;
import java.util.List;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.stack.StackSettings;
import org.nowemu.protocol.stack.Stacks;

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
 */
public record PermutationSettings(StackSettings stack, int hosts, int mediumBytes, int args, long duration, long warmup,
                                  long gap, long start) {
    static final String PREFIX = "nowemu.permutations.";
    static final List<String> PATTERNS = List.of("cshift", "neighbor", "bisection");

    static PermutationSettings read(ConfigReader r, HardwareProfile profile) {
        StackSettings stack = Stacks.named(r, PREFIX + "stack", r.string(PREFIX + "stack"),
                profile.nic().maxPacketBytes());
        long duration = r.duration(PREFIX + "duration", VirtualTime.US);
        long warmup = r.duration(PREFIX + "warmup", 0);
        if (warmup >= duration) {
            throw r.bad(PREFIX + "warmup", "must be shorter than duration");
        }
        return new PermutationSettings(stack, r.intIn(PREFIX + "hosts", 2, 1 << 20),
                (int) r.bytes(PREFIX + "medium-bytes", 1, stack.maxMedium()), r.intIn(PREFIX + "args", 0, stack.maxArgs()),
                duration, warmup, r.duration(PREFIX + "gap", 0), r.duration(PREFIX + "start", 0));
    }

    /** Host {@code i}'s partner in {@code pattern}, or -1 if it has none (the odd one out). */
    int partner(String pattern, int i) {
        int n = hosts;
        return switch (pattern) {
            case "cshift" -> (i + 1) % n;
            case "neighbor" -> (i ^ 1) < n ? i ^ 1 : -1;
            default -> i < 2 * (n / 2) ? (i + n / 2) % (2 * (n / 2)) : -1;
        };
    }

    /** Phases in order: per pattern, bandwidth then round trips. */
    List<Phase> phases() {
        List<Phase> out = new ArrayList<>();
        long t = start;
        for (int p = 0; p < PATTERNS.size(); p++) {
            for (boolean bw : new boolean[] {true, false}) {
                out.add(new Phase(PATTERNS.get(p), p, bw, t, t + warmup, t + duration));
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
