package org.nowemu.hardware.link;

/**
 * Where one direction of a cable leads: the component at the other end, its port, and the delay of a message
 * along it (the propagation delay, plus the receiver's fall-through when flits go into a switch).
 *
 * @param component the receiving component's id
 * @param port      its port
 * @param delay     message delay (ps)
 */
public record Peer(int component, int port, long delay) {
}
