package org.nowemu.hardware.topology;

/** A full-duplex link between two ports. Every cable has the profile's link rate and propagation delay. */
public record Cable(Port a, Port b) {
    /** The port at the other end from {@code p}. */
    public Port other(Port p) {
        return p.equals(a) ? b : a;
    }
}
