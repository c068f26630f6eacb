package org.nowemu.hardware.link;

/**
 * Both directions of the cable plugged into one port of a switch or NIC.
 *
 * @param out  where this port's flits go (the receiver at the far end), or null when no cable is plugged in
 * @param back where this port's STOP/GO symbols go (the transmitter at the far end), or null likewise
 */
public record PortWiring(Peer out, Peer back) {
    public static final PortWiring UNPLUGGED = new PortWiring(null, null);

    public boolean plugged() {
        return out != null;
    }
}
