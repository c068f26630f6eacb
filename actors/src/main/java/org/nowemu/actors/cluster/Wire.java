package org.nowemu.actors.cluster;

import java.util.ArrayList;
import java.util.TreeMap;
import org.nowemu.actors.runtime.ComponentReport;

/** Copies into the plain collections the wire carries (no {@code Collections.unmodifiable*} views). */
final class Wire {
    private Wire() {
    }

    static ComponentReport portable(ComponentReport r) {
        return new ComponentReport(r.id(), r.name(), r.hash(), r.handled(), r.sent(), r.duplicates(), r.pending(),
                r.lastTime(), new TreeMap<>(r.counters()), new TreeMap<>(r.histograms()), new ArrayList<>(r.trace()),
                r.traceDropped());
    }
}
