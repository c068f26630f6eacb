package org.nowemu.actors.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * Splits a model, or one cluster member's share of it, into parts (JVMs, or the lanes of one JVM) along its
 * placement groups ({@link ModelBuilder#group}): a group (a switch with its hosts) never straddles two parts, so
 * only connections between groups (inter-switch cables) are cut, and nothing inside a host or a NIC ever is.
 * Parts are balanced by weight: by the events each component is expected to handle when they are known (a pilot
 * stretch of the run, {@link Planner}), else by the count of components. The lanes of one JVM cut the groups' graph
 * by {@link GroupCut} (the heavy groups shared out by nearness, the light ones joining the nearest part), cluster
 * members by their cables ({@link #split}). A model without groups is cut into contiguous blocks of ids of
 * near-equal weight. Deterministic; where components run never changes results, only speed.
 *
 * @param placement   which partition runs each component
 * @param components  components in each partition
 * @param cut         connections (one direction each) whose ends are in different partitions
 * @param cutLookahead the smallest minimum delay over the cut connections (ps), or {@code Long.MAX_VALUE}
 */
public record TopologyPlacement(Placement placement, int[] components, int cut, long cutLookahead) {

    /**
     * The whole model over {@code parts} cluster members, balanced by component count, each member grown by its
     * cables. Not by {@link GroupCut}, which the lanes take: on {@code fat-tree-4096 --jvms 2} its subtree cut crossed
     * fewer messages in fewer global windows (1,996,894 in 44,172, against 3,123,328 in 57,521), yet the members waited
     * longer at their barriers and the runs took 88.6 and 93.2 s, against 82.9 and 82.3 s (BENCHMARKS.md, "Lanes cut
     * by nearness to the work").
     */
    public static TopologyPlacement split(Model model, int parts) {
        int[] all = new int[model.size()];
        Arrays.setAll(all, i -> i);
        Assigned a = assign(model, all, null, parts, false);
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
        return assign(model, subset, weight, parts, true);
    }

    /** {@link #assign}, the groups cut by {@link GroupCut} ({@code nearest}) or {@link #byCables}. */
    private static Assigned assign(Model model, int[] subset, long[] weight, int parts, boolean nearest) {
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
        List<TreeMap<Integer, Integer>> links = new ArrayList<>(groups);
        for (int g = 0; g < groups; g++) {
            links.add(new TreeMap<>());
        }
        long total = 0;
        for (int i = 0; i < n; i++) {
            long wi = weight == null ? 1 : weight[subset[i]];
            w[groupOf[i]] += wi;
            total += wi;
            for (int t : model.connections(subset[i]).targets()) {
                int lt = local[t];
                if (lt >= 0 && groupOf[i] != groupOf[lt]) {
                    links.get(groupOf[i]).merge(groupOf[lt], 1, Integer::sum);
                    links.get(groupOf[lt]).merge(groupOf[i], 1, Integer::sum);
                }
            }
        }
        int p = Math.max(1, Math.min(parts, groups));
        int[] partOfGroup;
        if (nearest) {
            int[][] adj = new int[groups][];
            for (int g = 0; g < groups; g++) {
                adj[g] = links.get(g).keySet().stream().mapToInt(Integer::intValue).toArray();
            }
            partOfGroup = GroupCut.parts(adj, w, p);
        } else {
            partOfGroup = byCables(links, w, total, p);
        }
        int[] partOf = new int[n];
        for (int i = 0; i < n; i++) {
            partOf[i] = partOfGroup[groupOf[i]];
        }
        return renumbered(partOf);
    }

    /**
     * Parts grown one at a time from the lowest-numbered unassigned group, each time taking the unassigned group with
     * the most connections into the part (ties to the lowest number) until the part holds its share of the weight
     * (stopping short when the next group would overshoot the share by more than the part lacks); the last takes the
     * rest.
     */
    private static int[] byCables(List<TreeMap<Integer, Integer>> links, long[] w, long total, int p) {
        int groups = w.length;
        int[] partOfGroup = new int[groups];
        Arrays.fill(partOfGroup, -1);
        long remaining = total;
        int made = 0;
        for (int k = 0; k < p && made < groups; k++) {
            long target = k == p - 1 ? remaining : (remaining + (p - k) / 2) / (p - k);
            long have = 0;
            int taken = 0;
            TreeMap<Integer, Integer> pull = new TreeMap<>(); // unassigned group -> connections into this part
            while (have < target || taken == 0) {
                int next = -1;
                int best = 0;
                for (var e : pull.entrySet()) {
                    if (partOfGroup[e.getKey()] < 0 && e.getValue() > best) {
                        best = e.getValue();
                        next = e.getKey();
                    }
                }
                if (next < 0) {
                    for (int g = 0; g < groups; g++) {
                        if (partOfGroup[g] < 0) {
                            next = g;
                            break;
                        }
                    }
                }
                if (next < 0) {
                    break;
                }
                // Stop short rather than overshoot by more than the shortfall (the next parts take up the rest).
                if (taken > 0 && k < p - 1 && have + w[next] - target > target - have) {
                    break;
                }
                partOfGroup[next] = k;
                made++;
                taken++;
                pull.remove(next);
                have += w[next];
                for (var e : links.get(next).entrySet()) {
                    if (partOfGroup[e.getKey()] < 0) {
                        pull.merge(e.getKey(), e.getValue(), Integer::sum);
                    }
                }
            }
            remaining -= have;
        }
        return partOfGroup;
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
