package org.nowemu.protocol.am.parts.restart;

import org.nowemu.protocol.am.wire.Header;

/**
 * Which life each NIC is in: this NIC's incarnation (its power-ons, modulo 256) and what it knows of the others'
 * ({@link Incarnations}). Every packet carries its sender's incarnation and, on DATA, the one the sender believes
 * the receiver is in, stamped when the packet takes its channel so that retransmissions keep it. While every NIC
 * is in incarnation 0 the stamps are left off: headers stay the objects they were.
 */
public final class Lives {
    private final Incarnations peers = new Incarnations();
    private int boot;

    /** This NIC restarted as incarnation {@code boot}. */
    public void reborn(int boot) {
        this.boot = boot & 0xff;
    }

    /** This NIC's incarnation. */
    public int boot() {
        return boot;
    }

    /** What this NIC knows of the other NICs' incarnations. */
    public Incarnations peers() {
        return peers;
    }

    /**
     * DATA for {@code dest}, stamped with this NIC's incarnation and the one it believes {@code dest} is in
     * ({@code self}: this NIC's own index).
     */
    public Header toward(Header h, int dest, int self) {
        int peer = dest == self ? boot : peers.known(dest);
        return boot == 0 && peer == 0 ? h : h.withBoots(boot, peer);
    }

    /** An answer ({@code plain}) to {@code h}, stamped with this NIC's incarnation and the one {@code h} came from. */
    public Header answering(Header plain, Header h) {
        return boot == 0 && h.boot() == 0 ? plain : plain.withBoots(boot, h.boot());
    }
}
