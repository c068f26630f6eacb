package org.nowemu.hardware.link;

/**
 * Where one direction of a cable leads: the component at the other end, its port, the delay of a message along
 * it (the propagation delay, plus the receiver's fall-through when flits go into a switch), and when the cable is
 * cut (from then on nothing sent along it arrives).
 *
 * @param component the receiving component's id
 * @param port      its port
 * @param delay     message delay (ps)
 * @param cutAtPs   virtual time the cable is cut ({@code Long.MAX_VALUE}: never)
 * @param fault     errors injected on this direction ({@link LinkFault#NONE}: none)
 */
public record Peer(int component, int port, long delay, long cutAtPs, LinkFault fault) {
    public static final long NEVER = Long.MAX_VALUE;

    /** A cable without injected errors. */
    public Peer(int component, int port, long delay, long cutAtPs) {
        this(component, port, delay, cutAtPs, LinkFault.NONE);
    }

    /** A cable that is never cut. */
    public Peer(int component, int port, long delay) {
        this(component, port, delay, NEVER);
    }

    /** Whether something sent at {@code now} is lost because the cable is cut. */
    public boolean cut(long now) {
        return now >= cutAtPs;
    }
}
