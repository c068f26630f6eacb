package org.nowemu.hardware.link;

import java.util.ArrayList;
import java.util.List;

/**
 * Errors injected on one direction of a cable, each part inside its own time ranges: bits flipped at a bit-error
 * rate (besides the link's own rate), whole packets lost with a probability, and the leading route byte of a
 * packet replaced by a random value with a probability. Parts are kept apart rather than merged because two
 * faults on one cable may hold at different times with different rates. Draws come from the transmitting
 * component's random stream, so a run's faults repeat exactly. Immutable.
 */
public final class LinkFault {
    /**
     * One fault's errors.
     *
     * @param when           when they hold
     * @param bitErrorRate   probability of a flipped bit, 0..1
     * @param dropFraction   probability that a packet is lost, 0..1
     * @param routeFraction  probability that a packet's leading route byte is replaced, 0..1
     */
    public record Part(TimeRanges when, double bitErrorRate, double dropFraction, double routeFraction) {
        boolean any() {
            return when.any() && (bitErrorRate > 0 || dropFraction > 0 || routeFraction > 0);
        }
    }

    public static final LinkFault NONE = new LinkFault(List.of());

    private final List<Part> parts;

    private LinkFault(List<Part> parts) {
        this.parts = parts;
    }

    /** Bit errors and drops from {@code fromPs} on. */
    public LinkFault(long fromPs, double bitErrorRate, double dropFraction) {
        this(List.of(new Part(TimeRanges.from(fromPs), bitErrorRate, dropFraction, 0)));
    }

    /** The errors of {@code part} alone. */
    public static LinkFault of(Part part) {
        return new LinkFault(List.of(part));
    }

    public boolean any() {
        for (Part p : parts) {
            if (p.any()) {
                return true;
            }
        }
        return false;
    }

    public List<Part> parts() {
        return parts;
    }

    /** Both faults on one link, each in its own ranges. */
    public LinkFault and(LinkFault o) {
        if (!o.any()) {
            return this;
        }
        if (!any()) {
            return o;
        }
        List<Part> all = new ArrayList<>(parts);
        all.addAll(o.parts);
        return new LinkFault(List.copyOf(all));
    }

    @Override
    public String toString() {
        return "LinkFault" + parts;
    }
}
