package org.nowemu.workloads.traffic;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The registry of arrival processes (docs/workloads.md §4): when a host creates its next message, given the mean
 * gap its offered load asks for. Open loop: messages are created on this schedule whatever the network does, and a
 * host that cannot send one yet holds it (its source queue), so latency counts from creation, as BookSim counts it.
 * Closed loop: a host keeps at most {@code outstanding} of its messages in flight and creates the next when one is
 * complete, by AM's reply or the receiver's acknowledgement ({@link ClosedLoop}); it has no offered load.
 */
enum Arrival {
    CONSTANT("constant", "a message every mean gap exactly"),
    POISSON("poisson", "exponential gaps about the mean: a Poisson process"),
    CLOSED("closed", "closed loop, with outstanding = k: at most k of a host's messages in flight, the next created"
            + " when one is complete (AM's reply, or on other stacks the receiver's acknowledgement)");

    final String label;
    final String description;

    Arrival(String label, String description) {
        this.label = label;
        this.description = description;
    }

    static final List<Arrival> ALL = List.of(values());

    /** The gap before the next message (ps, at least 1), from the host's seeded stream. */
    long gap(double meanPs, SplittableRandom r) {
        double g = this == CONSTANT ? meanPs : -meanPs * Math.log(1 - r.nextDouble());
        return Math.max(1, Math.round(g));
    }

    static Arrival named(String text) {
        for (Arrival a : ALL) {
            if (a.label.equals(text.trim())) {
                return a;
            }
        }
        throw new IllegalArgumentException("unknown arrival process '" + text + "' (known: "
                + String.join(", ", ALL.stream().map(a -> a.label).toList()) + ")");
    }
}
