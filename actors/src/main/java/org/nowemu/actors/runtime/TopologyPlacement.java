package org.nowemu.actors.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Splits a model, or one cluster member's share of it, into parts (JVMs, or the lanes of one JVM) along its
 * placement groups ({@link ModelBuilder#group}): a group (a switch with its hosts) never straddles two parts, so
 * only connections between groups (inter-switch cables) are cut, and nothing inside a host or a NIC ever is.
 * Parts are balanced by weight: by the events each component is expected to handle when they are known (a pilot
 * stretch of the run, {@link Planner}), else by the count of components. Lanes and cluster members alike cut the
 * groups' graph by {@link GroupCut} (the heavy groups shared out by nearness, the light ones joining the nearest
 * part). A model without groups is cut into contiguous blocks of ids of near-equal weight. Deterministic; where
 * components run never changes results, only speed.
 *
 * @param placement   which partition runs each component
 * @param components  components in each partition
 * @param cut         connections (one direction each) whose ends are in different partitions
 * @param cutLookahead the smallest minimum delay over the cut connections (ps), or {@code Long.MAX_VALUE}
 */
public record TopologyPlacement(Placement placement, int[] components, int cut, long cutLookahead) {

    /**
     * The whole model over {@code parts} cluster members, balanced by component count and cut as the lanes are
     * ({@link GroupCut}). Until the members kept in step with work just past their output ({@code MemberExchange}),
     * members were grown by their cables instead: with this cut they took turns from the second phase of
     * {@code fat-tree-4096} on. Now this cut crosses 1,996,894 messages in 48,676 global windows there, against
     * 3,123,328 in 62,248 by cables (BENCHMARKS.md, "Two JVMs in step").
     */
    public static TopologyPlacement split(Model model, int parts) {
        int[] all = new int[model.size()];
        Arrays.setAll(all, i -> i);
        Assigned a = assign(model, all, null, parts);
        return measure(model, Placement.of(a.partOf(), a.parts()));
    }

    /** Parts of the components {@code subset} (ascending ids): {@code partOf} by position in the subset. */
    record Assigned(int[] partOf, int parts) {
    }

    /**
     * Splits {@code subset} (ascending component ids) into at most {@code parts} parts balanced by {@code weight}
     * (by component id; null: one each). Fewer parts come back when there are fewer groups than parts.
     */
    static Assigned assign(Model model, int[] subset, long[] weight, int parts) {
        int n = subset.length;
        int[] groupOf = new int[n];
        boolean grouped = false;
        TreeMap<Integer, Integer> groupIndex = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            int g = model.group(subset[i]);
            grouped |= g >= 0;
            if (g >= 0) {
                groupIndex.putIfAbsent(g, 0);
            }
        }
        if (!grouped) {
            return blocks(subset, weight, parts);
        }
        int groups = 0;
        for (var e : groupIndex.entrySet()) {
            e.setValue(groups++);
        }
        int[] local = new int[model.size()];
        Arrays.fill(local, -1);
        for (int i = 0; i < n; i++) {
            local[subset[i]] = i;
            int g = model.group(subset[i]);
            // Ungrouped components become groups of their own.
            groupOf[i] = g >= 0 ? groupIndex.get(g) : groups++;
        }
        long[] w = new long[groups];
        List<TreeSet<Integer>> links = new ArrayList<>(groups);
        for (int g = 0; g < groups; g++) {
            links.add(new TreeSet<>());
        }
        for (int i = 0; i < n; i++) {
            w[groupOf[i]] += weight == null ? 1 : weight[subset[i]];
            for (int t : model.connections(subset[i]).targets()) {
                int lt = local[t];
                if (lt >= 0 && groupOf[i] != groupOf[lt]) {
                    links.get(groupOf[i]).add(groupOf[lt]);
                    links.get(groupOf[lt]).add(groupOf[i]);
                }
            }
        }
        int p = Math.max(1, Math.min(parts, groups));
        int[][] adj = new int[groups][];
        for (int g = 0; g < groups; g++) {
            adj[g] = links.get(g).stream().mapToInt(Integer::intValue).toArray();
        }
        int[] partOfGroup = GroupCut.parts(adj, w, p);
        int[] partOf = new int[n];
        for (int i = 0; i < n; i++) {
            partOf[i] = partOfGroup[groupOf[i]];
        }
        return renumbered(partOf);
    }

    /** Contiguous blocks of {@code subset} of near-equal weight. */
    private static Assigned blocks(int[] subset, long[] weight, int parts) {
        int n = subset.length;
        int p = Math.max(1, Math.min(parts, n));
        long total = 0;
        for (int id : subset) {
            total += weight == null ? 1 : weight[id];
        }
        int[] partOf = new int[n];
        long before = 0;
        for (int i = 0; i < n; i++) {
            long wi = weight == null ? 1 : weight[subset[i]];
            // The part where the middle of this component's weight falls.
            long mid = 2 * before + wi;
            partOf[i] = total == 0 ? 0 : (int) Math.min(p - 1, mid * p / (2 * total));
            before += wi;
        }
        return renumbered(partOf);
    }

    /** Parts numbered by first appearance, empty ones dropped. */
    private static Assigned renumbered(int[] partOf) {
        int max = 0;
        for (int q : partOf) {
            max = Math.max(max, q + 1);
        }
        int[] renumber = new int[max];
        Arrays.fill(renumber, -1);
        int parts = 0;
        for (int i = 0; i < partOf.length; i++) {
            if (renumber[partOf[i]] < 0) {
                renumber[partOf[i]] = parts++;
            }
            partOf[i] = renumber[partOf[i]];
        }
        return new Assigned(partOf, Math.max(1, parts));
    }

    private static TopologyPlacement measure(Model model, Placement placement) {
        int[] count = new int[placement.partitions()];
        int cut = 0;
        long lookahead = Long.MAX_VALUE;
        for (int id = 0; id < model.size(); id++) {
            count[placement.partitionOf(id)]++;
            Connections c = model.connections(id);
            for (int i = 0; i < c.targets().length; i++) {
                if (placement.partitionOf(c.targets()[i]) != placement.partitionOf(id)) {
                    cut++;
                    lookahead = Math.min(lookahead, c.minDelays()[i]);
                }
            }
            if (c.toAnyMin() != Long.MAX_VALUE && placement.partitions() > 1) {
                // It may send anywhere, so also across.
                lookahead = Math.min(lookahead, c.toAnyMin());
            }
        }
        return new TopologyPlacement(placement, count, cut, lookahead);
    }

    /** Components that send along a cut connection (or may send anywhere), ascending. */
    public List<Integer> senders(Model model) {
        List<Integer> out = new ArrayList<>();
        for (int id = 0; id < model.size(); id++) {
            Connections c = model.connections(id);
            boolean crosses = c.toAnyMin() != Long.MAX_VALUE && placement.partitions() > 1;
            for (int t : c.targets()) {
                crosses |= placement.partitionOf(t) != placement.partitionOf(id);
            }
            if (crosses) {
                out.add(id);
            }
        }
        return out;
    }
}
