package org.nowemu.workloads.traffic;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Which hosts of the topology a job runs on, as a traffic file writes it: ranges {@code "0-15, 32-47"} (single
 * hosts allowed), {@code "first 16"}, {@code "every 2"} (hosts 0, 2, 4...), {@code "every 4 from 1"}, or
 * {@code "rest"} (every host no other job names; at most one job may say it). A job's ranks are its hosts in
 * ascending order.
 */
final class HostSpec {
    private HostSpec() {
    }

    /** Whether {@code text} is {@code rest}: resolved after every other job's hosts. */
    static boolean isRest(String text) {
        return text.trim().equals("rest");
    }

    /** The hosts {@code text} names among {@code hosts} hosts; an IllegalArgumentException says what is wrong. */
    static List<Integer> resolve(String text, int hosts) {
        String t = text.trim();
        TreeSet<Integer> out = new TreeSet<>();
        if (t.startsWith("first ")) {
            int n = number(t.substring(6), text);
            check(n - 1, hosts, text);
            for (int i = 0; i < n; i++) {
                out.add(i);
            }
        } else if (t.startsWith("every ")) {
            String[] p = t.substring(6).split("\\s+from\\s+", -1);
            int k = number(p[0], text);
            int from = p.length == 2 ? number(p[1], text) : 0;
            if (k < 1 || p.length > 2) {
                throw new IllegalArgumentException("expected 'every k' or 'every k from i' (k >= 1), got '" + text + "'");
            }
            check(from, hosts, text);
            for (int i = from; i < hosts; i += k) {
                out.add(i);
            }
        } else {
            for (String part : t.split(",", -1)) {
                String[] r = part.trim().split("-", -1);
                if (r.length > 2) {
                    throw new IllegalArgumentException("expected ranges like 0-15, 32-47, got '" + text + "'");
                }
                int lo = number(r[0], text);
                int hi = r.length == 2 ? number(r[1], text) : lo;
                if (hi < lo) {
                    throw new IllegalArgumentException("range " + part.trim() + " runs backwards in '" + text + "'");
                }
                check(hi, hosts, text);
                for (int i = lo; i <= hi; i++) {
                    if (!out.add(i)) {
                        throw new IllegalArgumentException("host " + i + " is named twice in '" + text + "'");
                    }
                }
            }
        }
        return new ArrayList<>(out);
    }

    private static void check(int host, int hosts, String text) {
        if (host >= hosts) {
            throw new IllegalArgumentException("'" + text + "' names host " + host + "; the topology has " + hosts
                    + " hosts (0-" + (hosts - 1) + ")");
        }
    }

    private static int number(String s, String text) {
        try {
            int v = Integer.parseInt(s.trim());
            if (v < 0) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected ranges like 0-15, 'first N', 'every k' or 'rest', got '"
                    + text + "'");
        }
    }
}
