package org.nowemu.workloads.experiment;

import java.util.List;
import org.nowemu.actors.config.ConfigReader;

/** Lists of counts in experiment settings (client counts, say): positive and ascending, or bad input. */
public final class Counts {
    private Counts() {
    }

    /** The list at {@code key}: every value at least 1, each larger than the one before; empty if allowed. */
    public static List<Integer> ascending(ConfigReader r, String key, boolean mayBeEmpty) {
        List<Integer> c = r.intList(key);
        if (c.isEmpty() && !mayBeEmpty) {
            throw r.bad(key, "needs at least one count");
        }
        for (int i = 0; i < c.size(); i++) {
            if (c.get(i) < 1 || (i > 0 && c.get(i) <= c.get(i - 1))) {
                throw r.bad(key, "counts must be positive and ascending, got " + c);
            }
        }
        return List.copyOf(c);
    }
}
