package org.nowemu.workloads.motifs;

import com.typesafe.config.Config;
import java.util.List;
import java.util.Set;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.protocol.parts.multicast.MulticastReach;
import org.nowemu.protocol.system.Stack;

/**
 * Reads a phase that names a motif ({@code motif = allreduce, bytes = 8, compute = 20us, iterations = 100}) or an
 * application skeleton ({@code skeleton = is, class = S}). A bad value is one line naming the phase and the key.
 */
public final class MotifReader {
    /** A phase's keys that make it a motif or skeleton phase rather than traffic. */
    public static final Set<String> KEYS = Set.of("motif", "bytes", "compute", "iterations", "via", "skeleton",
            "class");

    private MotifReader() {
    }

    /** Whether the phase names a motif or a skeleton. */
    public static boolean isMotif(Config c) {
        return c.hasPath("motif") || c.hasPath("skeleton");
    }

    /**
     * @param where where the phase is in the configuration, for messages
     * @param label its label in metrics
     * @param hosts the job's hosts, ascending (rank r on hosts[r])
     * @param stack the job's stack, whose multicast a broadcast may use
     * @param costs the skeletons' per-operation compute costs
     */
    public static MotifPhase read(Config c, String where, String label, List<Integer> hosts, Stack<?, ?> stack,
                                  SkeletonCosts costs) {
        int n = hosts.size();
        ConfigReader r = new ConfigReader(c);
        try {
            for (String k : new String[] {"pattern", "size", "arrival", "load", "duration", "messages", "warmup"}) {
                if (c.hasPath(k)) {
                    throw r.bad(k, "is a traffic key; a motif or skeleton phase takes motif, bytes, compute,"
                            + " iterations, via or skeleton, class, iterations");
                }
            }
            if (c.hasPath("motif") && c.hasPath("skeleton")) {
                throw r.bad("skeleton", "a phase names a motif or a skeleton, not both");
            }
            Compute compute = c.hasPath("compute") ? made(r, "compute", () -> Compute.parse(r.string("compute")))
                    : Compute.NONE;
            if (c.hasPath("motif")) {
                if (c.hasPath("class")) {
                    throw r.bad("class", "belongs to a skeleton, not a motif");
                }
                for (String k : new String[] {"bytes", "iterations"}) {
                    if (!c.hasPath(k)) {
                        throw new BadInputException(where + ": a motif needs " + k + " (its message size and how many"
                                + " times it runs)");
                    }
                }
                String motif = r.string("motif");
                long bytes = r.bytes("bytes", 1, 1 << 24);
                int iterations = r.intIn("iterations", 1, 10_000_000);
                Via asked = c.hasPath("via") ? made(r, "via", () -> Via.named(r.string("via"))) : Via.AUTO;
                Via via = made(r, "via", () -> asked.resolve(motif, stack.name(),
                        MulticastReach.of(stack.settings()), hosts, bytes));
                String text = motif + ", " + bytes + " B" + (motif.trim().equals("broadcast")
                        ? ", by " + (via == Via.MULTICAST ? "multicast" : "tree") : "");
                return new MotifPhase(label, text, made(r, "motif", () -> Motifs.iteration(motif, n, bytes, via)),
                        iterations, compute);
            }
            if (c.hasPath("via")) {
                throw r.bad("via", "belongs to a motif (how a broadcast goes), not a skeleton");
            }
            if (c.hasPath("bytes")) {
                throw r.bad("bytes", "belongs to a motif; a skeleton's sizes come from its class");
            }
            if (c.hasPath("compute")) {
                throw r.bad("compute", "belongs to a motif; a skeleton's compute comes from its class and"
                        + " the hardware profile's host flop and sort-key");
            }
            String name = r.string("skeleton");
            String cls = c.hasPath("class") ? r.string("class") : "S";
            Skeletons.Kind kind = made(r, "skeleton", () -> Skeletons.kind(name));
            made(r, "class", () -> Skeletons.checkClass(kind, cls));
            Skeletons.Built b = made(r, "skeleton", () -> Skeletons.make(name, cls, n, costs));
            int iterations = c.hasPath("iterations") ? r.intIn("iterations", 1, 10_000_000) : b.iterations();
            return new MotifPhase(label, name + " class " + cls, b.ops(), iterations, Compute.NONE);
        } catch (BadInputException e) {
            throw e.getMessage().startsWith(where) ? e : new BadInputException(where + "." + e.getMessage());
        }
    }

    private static <T> T made(ConfigReader r, String key, java.util.function.Supplier<T> make) {
        try {
            return make.get();
        } catch (IllegalArgumentException e) {
            throw r.bad(key, e.getMessage());
        }
    }
}
