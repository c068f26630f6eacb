package org.nowemu.workloads.contention;

import java.util.ArrayList;
import java.util.List;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.system.Stacks;
import org.nowemu.workloads.experiment.Counts;
import org.nowemu.workloads.experiment.Windows;

/**
 * Settings of the contention experiment ({@code nowemu.contention}).
 *
 * @param stack     the protocol stack
 * @param clients   client counts, ascending; each is run in each mode
 * @param bulkBytes bytes of each bulk request
 * @param args      argument words of short requests and replies
 * @param duration  length of each phase (ps)
 * @param warmup    start of each phase not measured (ps)
 * @param gap       idle time between phases, so queues drain (ps)
 * @param start     when the first phase begins, after every endpoint exists (ps)
 */
public record ContentionSettings(StackSettings stack, List<Integer> clients, int bulkBytes, int args, long duration,
                                 long warmup, long gap, long start) {
    static final String PREFIX = "nowemu.contention.";
    static final List<String> MODES = List.of("short", "bulk", "rtt");

    static ContentionSettings read(ConfigReader r, HardwareProfile profile) {
        StackSettings stack = Stacks.named(r, PREFIX + "stack", r.string(PREFIX + "stack"),
                profile.nic().maxPacketBytes());
        List<Integer> clients = Counts.ascending(r, PREFIX + "clients", false);
        long duration = r.duration(PREFIX + "duration", VirtualTime.US);
        long warmup = Windows.warmup(r, PREFIX, duration);
        return new ContentionSettings(stack, clients,
                (int) r.bytes(PREFIX + "bulk-bytes", 1, stack.maxMedium()), r.intIn(PREFIX + "args", 0, stack.maxArgs()),
                duration, warmup, r.duration(PREFIX + "gap", 0), r.duration(PREFIX + "start", 0));
    }

    /** Phases in order: each client count in each mode. */
    List<Phase> phases() {
        List<Phase> out = new ArrayList<>();
        long t = start;
        for (int n : clients) {
            for (String mode : MODES) {
                out.add(new Phase(mode, n, t, t + warmup, t + duration));
                t += duration + gap;
            }
        }
        return out;
    }

    /** One phase: {@code clients} clients send in {@code mode} from {@code start}; measured from {@code from}. */
    record Phase(String mode, int clients, long start, long from, long end) {
        String key() {
            return "contention." + mode + "." + clients + ".";
        }
    }
}
