package org.nowemu.workloads.vnets;

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
 * Settings of the virtual-networks experiment ({@code nowemu.virtual-networks}).
 *
 * @param stack    the protocol stack
 * @param polled   client counts served by one thread polling its endpoints in turn (ascending)
 * @param threaded client counts served by one thread per endpoint, each waiting on its semaphore (ascending)
 * @param args     argument words of requests and replies
 * @param duration length of each phase (ps)
 * @param warmup   start of each phase not measured (ps)
 * @param gap      idle time between phases (ps)
 * @param start    when the first phase begins (ps)
 * @param setup    time the threaded server's threads get, after the polled phases, to create their endpoints and
 *                 fault them in before its first phase (ps)
 */
public record VnetSettings(StackSettings stack, List<Integer> polled, List<Integer> threaded, int args, long duration,
                           long warmup, long gap, long start, long setup) {
    static final String PREFIX = "nowemu.virtual-networks.";

    static VnetSettings read(ConfigReader r, HardwareProfile profile) {
        StackSettings stack = Stacks.named(r, PREFIX + "stack", r.string(PREFIX + "stack"),
                profile.nic().maxPacketBytes());
        long duration = r.duration(PREFIX + "duration", VirtualTime.US);
        long warmup = Windows.warmup(r, PREFIX, duration);
        return new VnetSettings(stack, Counts.ascending(r, PREFIX + "polled", true),
                Counts.ascending(r, PREFIX + "threaded", true),
                r.intIn(PREFIX + "args", 0, stack.maxArgs()), duration, warmup, r.duration(PREFIX + "gap", 0),
                r.duration(PREFIX + "start", 0), r.duration(PREFIX + "setup", 0));
    }

    int mostClients() {
        int most = 0;
        for (int n : polled) {
            most = Math.max(most, n);
        }
        for (int n : threaded) {
            most = Math.max(most, n);
        }
        return most;
    }

    int mostPolled() {
        return polled.isEmpty() ? 0 : polled.get(polled.size() - 1);
    }

    int mostThreaded() {
        return threaded.isEmpty() ? 0 : threaded.get(threaded.size() - 1);
    }

    /** When the threaded server's threads create their endpoints: once the polled phases are over. */
    long threadedSetUp() {
        long t = start + (long) polled.size() * (duration + gap);
        return t;
    }

    /** Phases in order: the polled server's client counts, then the threaded server's. */
    List<Phase> phases() {
        List<Phase> out = new ArrayList<>();
        long t = start;
        for (int n : polled) {
            out.add(new Phase("polled", n, t, t + warmup, t + duration));
            t += duration + gap;
        }
        t += setup;
        for (int n : threaded) {
            out.add(new Phase("threaded", n, t, t + warmup, t + duration));
            t += duration + gap;
        }
        return out;
    }

    /** One phase: the first {@code clients} clients send to their endpoints of the {@code server} kind. */
    record Phase(String server, int clients, long start, long from, long end) {
        String key() {
            return "vn." + server + "." + clients + ".";
        }
    }
}
