package org.nowemu.workloads.motifs;

import java.util.List;
import org.nowemu.protocol.parts.multicast.MulticastReach;

/**
 * How a broadcast phase reaches its ranks (the phase's {@code via}): the binomial tree of point-to-point messages,
 * which every stack can run, or the stack's own multicast (LFC's and FM/MC's NIC forwarding, PM's multisend), where
 * the root hands the message to its library once and the NICs do the rest. {@code auto} takes the multicast where
 * the stack has one that reaches the job's hosts with the phase's message, else the tree.
 */
public enum Via {
    TREE("tree", "the binomial tree of point-to-point messages, on any stack"),
    MULTICAST("multicast", "the stack's own multicast from rank 0: lfc, fmmc (NIC forwarding), pm (multisend)"),
    AUTO("auto", "multicast where the stack's reaches the job's hosts and message, else the tree (default)");

    private final String key;
    private final String description;

    Via(String key, String description) {
        this.key = key;
        this.description = description;
    }

    public String key() {
        return key;
    }

    public String description() {
        return description;
    }

    /** The choice written {@code text}, or an IllegalArgumentException naming the known ones. */
    public static Via named(String text) {
        for (Via v : values()) {
            if (v.key.equals(text.trim())) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown via '" + text + "' (known: tree, multicast, auto)");
    }

    /**
     * What a phase of {@code motif} runs by on a job of {@code hosts} (ascending) over a stack named {@code stack}
     * whose multicast reaches {@code reach}: {@link #TREE} or {@link #MULTICAST}. Asked for a multicast that cannot
     * be had, an IllegalArgumentException says why.
     */
    Via resolve(String motif, String stack, MulticastReach reach, List<Integer> hosts, long bytes) {
        if (this == TREE) {
            return TREE;
        }
        boolean broadcast = motif.trim().equals("broadcast");
        if (!broadcast) {
            if (this == MULTICAST) {
                throw new IllegalArgumentException("only the broadcast motif goes by multicast; " + motif.trim()
                        + " is point to point (via = tree or auto)");
            }
            return TREE;
        }
        String why = reach.beyond(hosts.stream().mapToInt(Integer::intValue).toArray(), bytes);
        if (why == null) {
            return MULTICAST;
        }
        if (this == AUTO) {
            return TREE;
        }
        throw new IllegalArgumentException("stack " + stack + " " + why + "; its broadcast of " + bytes + " B to "
                + hosts.size() + " hosts needs via = tree");
    }
}
