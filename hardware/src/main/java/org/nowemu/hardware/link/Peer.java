package org.nowemu.hardware.link;

/**
 * Where one direction of a cable leads: the component at the other end, its port, the delay of a message along
 * it (the propagation delay, plus the stages of the fall-through before the crossbar when flits go into a switch),
 * and when the cable is cut (inside those ranges nothing sent along it arrives; between them it carries flits
 * again).
 *
 * @param component the receiving component's id
 * @param port      its port
 * @param delay     message delay (ps)
 * @param cuts      when the cable is cut ({@link TimeRanges#NEVER}: never)
 * @param fault     errors injected on this direction ({@link LinkFault#NONE}: none)
 */
public record Peer(int component, int port, long delay, TimeRanges cuts, LinkFault fault) {
    public static final long NEVER = Long.MAX_VALUE;

    /** A cable cut for good at {@code cutAtPs} ({@link #NEVER}: never), with injected errors. */
    public Peer(int component, int port, long delay, long cutAtPs, LinkFault fault) {
        this(component, port, delay, TimeRanges.from(cutAtPs), fault);
    }

    /** A cable without injected errors. */
    public Peer(int component, int port, long delay, long cutAtPs) {
        this(component, port, delay, cutAtPs, LinkFault.NONE);
    }

    /** A cable that is never cut. */
    public Peer(int component, int port, long delay) {
        this(component, port, delay, NEVER);
    }

    /** When the cable is first cut ({@link #NEVER}: never). */
    public long cutAtPs() {
        return cuts.first();
    }

    /**
     * Delay from {@code now} to the next boundary of the cut ranges (at {@code now} or later when
     * {@code fromNow}, else strictly later), or -1 when there is none: its ends schedule themselves there.
     */
    public long untilCutChange(long now, boolean fromNow) {
        long next = cuts.nextChangeFrom(fromNow ? now : now + 1);
        return next == NEVER ? -1 : next - now;
    }

    /**
     * Whether something that took {@code flightPs} along the cable and arrives {@code now} met a cut on the way:
     * it is lost. A cable that is never cut answers at once, so runs without cuts do not change.
     */
    public boolean metCut(long now, long flightPs) {
        return cuts.any() && cuts.touches(now - flightPs, now);
    }

    /** Whether something sent at {@code now} is lost because the cable is cut. */
    public boolean cut(long now) {
        return cuts.holds(now);
    }
}
