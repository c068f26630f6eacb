package org.nowemu.actors.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Splits a model over several JVMs along its placement groups ({@link ModelBuilder#group}): a group (a switch
 * with its hosts) never straddles two partitions, so only connections between groups (inter-switch cables) are
 * cut. Partitions are grown one at a time from the lowest-numbered unassigned group, each time taking the
 * unassigned group with the most connections into the partition (ties to the lowest number) until the
 * partition holds its share of the components (stopping short when the next group would overshoot the share by
 * more than the partition lacks); the last takes the rest. A model without groups is cut into
 * contiguous blocks of ids. Deterministic; where components run never changes results, only speed.
 *
 * @param placement   which partition runs each component
 * @param components  components in each partition
 * @param cut         connections (one direction each) whose ends are in different partitions
 * @param cutLookahead the smallest minimum delay over the cut connections (ps), or {@code Long.MAX_VALUE}
 */
public record TopologyPlacement(Placement placement, int[] components, int cut, long cutLookahead) {

    public static TopologyPlacement split(Model model, int parts) {
        int n = model.size();
        int[] groupOf = new int[n];
        int groups = 0;
        boolean grouped = false;
        for (int id = 0; id < n; id++) {
            groups = Math.max(groups, model.group(id) + 1);
            grouped |= model.group(id) >= 0;
        }
        if (!grouped) {
            return measure(model, Placement.blocks(n, parts));
        }
        // Ungrouped components become groups of their own.
        for (int id = 0; id < n; id++) {
            groupOf[id] = model.group(id) >= 0 ? model.group(id) : groups++;
        }
        int[] weight = new int[groups];
        List<TreeMap<Integer, Integer>> links = new ArrayList<>(groups);
        for (int g = 0; g < groups; g++) {
            links.add(new TreeMap<>());
        }
        for (int id = 0; id < n; id++) {
            weight[groupOf[id]]++;
            Connections c = model.connections(id);
            for (int t : c.targets()) {
                int a = groupOf[id];
                int b = groupOf[t];
                if (a != b) {
                    links.get(a).merge(b, 1, Integer::sum);
                    links.get(b).merge(a, 1, Integer::sum);
                }
            }
        }
        int used = 0;
        for (int w : weight) {
            used += w > 0 ? 1 : 0;
        }
        int p = Math.max(1, Math.min(parts, used));
        int[] partOfGroup = new int[groups];
        java.util.Arrays.fill(partOfGroup, -1);
        int remaining = n;
        for (int k = 0; k < p; k++) {
            int target = k == p - 1 ? remaining : (remaining + (p - k) / 2) / (p - k);
            int have = 0;
            TreeMap<Integer, Integer> pull = new TreeMap<>(); // unassigned group -> connections into this part
            while (have < target) {
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
                        if (partOfGroup[g] < 0 && weight[g] > 0) {
                            next = g;
                            break;
                        }
                    }
                }
                if (next < 0) {
                    break;
                }
                // Stop short rather than overshoot by more than the shortfall (the next parts take up the rest).
                if (have > 0 && k < p - 1 && have + weight[next] - target > target - have) {
                    break;
                }
                partOfGroup[next] = k;
                pull.remove(next);
                have += weight[next];
                for (var e : links.get(next).entrySet()) {
                    if (partOfGroup[e.getKey()] < 0) {
                        pull.merge(e.getKey(), e.getValue(), Integer::sum);
                    }
                }
            }
            remaining -= have;
        }
        int[] partitionOf = new int[n];
        for (int id = 0; id < n; id++) {
            partitionOf[id] = partOfGroup[groupOf[id]];
        }
        // A part left empty (more parts asked than the groups allow) is dropped by renumbering.
        int[] renumber = new int[p];
        java.util.Arrays.fill(renumber, -1);
        int parts2 = 0;
        for (int id = 0; id < n; id++) {
            if (renumber[partitionOf[id]] < 0) {
                renumber[partitionOf[id]] = parts2++;
            }
        }
        for (int id = 0; id < n; id++) {
            partitionOf[id] = renumber[partitionOf[id]];
        }
        return measure(model, Placement.of(partitionOf, parts2));
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
