package org.nowemu.hardware.link;

/**
 * Errors injected on one direction of a cable from a virtual time on: bits flipped at {@code bitErrorRate}
 * (besides the link's own rate) and whole packets lost with probability {@code dropFraction} (every flit of a
 * dropped packet goes into nothing). Draws come from the transmitting component's random stream, so a run's
 * faults repeat exactly.
 *
 * @param fromPs       when the errors begin (ps)
 * @param bitErrorRate probability of a flipped bit, 0..1
 * @param dropFraction probability that a packet is lost, 0..1
 */
public record LinkFault(long fromPs, double bitErrorRate, double dropFraction) {
    public static final LinkFault NONE = new LinkFault(Long.MAX_VALUE, 0, 0);

    public boolean any() {
        return this != NONE && (bitErrorRate > 0 || dropFraction > 0);
    }

    /** Both faults on one link: the earlier start, the higher rates. */
    public LinkFault and(LinkFault o) {
        if (!o.any()) {
            return this;
        }
        if (!any()) {
            return o;
        }
        return new LinkFault(Math.min(fromPs, o.fromPs), Math.max(bitErrorRate, o.bitErrorRate),
                Math.max(dropFraction, o.dropFraction));
    }
}
