package org.nowemu.workloads.multicast;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.parts.multicast.Multicaster;
import org.nowemu.protocol.system.Stack;
import org.nowemu.protocol.system.Stacks;

/**
 * Settings of the multicast experiment ({@code nowemu.multicast}).
 *
 * @param runs        the (stack, mode) pairs measured, in order, grouped by stack: each stack on its own block of
 *                    hosts, its modes one after the other
 * @param groups      group sizes (members, the root included), ascending
 * @param bytes       the message's size
 * @param repetitions broadcasts timed per (stack, mode, group size)
 * @param fanout      children per member of the host-level forwarding tree
 * @param gapPs       quiet time before each broadcast (ps)
 * @param maxTimePs   virtual time after which the run stops, finished or not (ps)
 */
public record MulticastSettings(LinkedHashMap<Stack<?, ?>, List<MulticastMode>> runs, List<Integer> groups,
                                int bytes, int repetitions, int fanout, long gapPs, long maxTimePs) {
    static final String PREFIX = "nowemu.multicast.";

    static MulticastSettings read(ConfigReader r, HardwareProfile profile) {
        String key = PREFIX + "runs";
        List<String> pairs;
        List<Integer> groups;
        try {
            pairs = r.config().getStringList(key);
            groups = new ArrayList<>(r.config().getIntList(PREFIX + "groups"));
        } catch (com.typesafe.config.ConfigException e) {
            throw ConfigReader.from(e);
        }
        if (pairs.isEmpty()) {
            throw r.bad(key, "needs at least one stack:mode pair");
        }
        LinkedHashMap<String, Stack<?, ?>> byName = new LinkedHashMap<>();
        LinkedHashMap<Stack<?, ?>, List<MulticastMode>> runs = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        for (String p : pairs) {
            int colon = p.indexOf(':');
            MulticastMode mode = colon < 0 ? null : MulticastMode.named(p.substring(colon + 1));
            if (mode == null || mode == MulticastMode.NONE) {
                throw r.bad(key, "'" + p + "' is not stack:mode with mode host, ni or multisend");
            }
            if (!seen.add(p)) {
                throw r.bad(key, "'" + p + "' is named twice");
            }
            String name = p.substring(0, colon);
            Stack<?, ?> stack = byName.computeIfAbsent(name, n -> Stacks.stack(r, key, n, profile));
            if (!stack.hasMessenger()) {
                throw r.bad(key, "stack " + name + " has no benchmark adapter (Messenger)");
            }
            if (mode == MulticastMode.NI && !offers(stack, mode)) {
                throw r.bad(key, "stack " + name + " has no " + mode.key() + " multicast");
            }
            runs.computeIfAbsent(stack, s -> new ArrayList<>()).add(mode);
        }
        if (groups.isEmpty()) {
            throw r.bad(PREFIX + "groups", "needs at least one group size");
        }
        for (int i = 0; i < groups.size(); i++) {
            if (groups.get(i) < 2 || (i > 0 && groups.get(i) <= groups.get(i - 1))) {
                throw r.bad(PREFIX + "groups", "sizes must be at least 2 and ascending without repeats");
            }
        }
        return new MulticastSettings(runs, List.copyOf(groups), (int) r.bytes(PREFIX + "bytes", 1, 1 << 20),
                r.intIn(PREFIX + "repetitions", 1, 1000), r.intIn(PREFIX + "fanout", 1, 64),
                r.duration(PREFIX + "gap", 0), r.duration(PREFIX + "max-time", VirtualTime.US));
    }

    /** Whether the stack's system declares {@code mode} as its multicast (its design choices, from the registry). */
    private static boolean offers(Stack<?, ?> stack, MulticastMode mode) {
        return stack.system().choices().multicast().startsWith(mode.phrase());
    }

    /** Hosts each stack's block takes: the largest group. */
    public int block() {
        return groups.get(groups.size() - 1);
    }

    /** Every measured (stack, mode) as "stack:mode", in order. */
    public List<String> labels() {
        List<String> out = new ArrayList<>();
        for (Map.Entry<Stack<?, ?>, List<MulticastMode>> e : runs.entrySet()) {
            for (MulticastMode m : e.getValue()) {
                out.add(e.getKey().name() + ":" + m.key());
            }
        }
        return out;
    }
}
