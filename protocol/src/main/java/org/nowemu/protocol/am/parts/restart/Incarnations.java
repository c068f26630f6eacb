package org.nowemu.protocol.am.parts.restart;

import java.util.HashMap;

/**
 * What a NIC knows of the other NICs' incarnations (power-ons, modulo 256, as {@code Header.boot} carries them):
 * the one it believes each destination is in, stamped on the DATA it sends as {@code peerBoot}, and the one it last
 * saw in each source's DATA. Everyone starts at 0 and only a NIC that has been power-cycled differs, so both are
 * kept sparse (a NIC missing from a map is at 0); the maps are looked up, never iterated.
 */
public final class Incarnations {
    /** How a source's incarnation in a DATA packet compares with the last one seen from it. */
    public enum Seen { SAME, NEWER, OLDER }

    private final HashMap<Integer, Integer> known = new HashMap<>();
    private final HashMap<Integer, Integer> seen = new HashMap<>();

    /** The incarnation NIC {@code nic} is believed to be in. */
    public int known(int nic) {
        // Checked first so that a run without power cycles pays no boxing per packet.
        return known.isEmpty() ? 0 : known.getOrDefault(nic, 0);
    }

    /** NIC {@code nic} said it is in incarnation {@code boot}: true if that is news (newer than believed). */
    public boolean learn(int nic, int boot) {
        if (!newer(boot, known(nic))) {
            return false;
        }
        known.put(nic, boot);
        return true;
    }

    /**
     * Source {@code nic} sent DATA from incarnation {@code boot}: a newer one than last seen (it has restarted:
     * the caller forgets its receive channels) is recorded; an older one is a leftover of a life that is over.
     */
    public Seen fromSource(int nic, int boot) {
        int last = seen.isEmpty() ? 0 : seen.getOrDefault(nic, 0);
        if (boot == last) {
            return Seen.SAME;
        }
        if (newer(boot, last)) {
            seen.put(nic, boot);
            return Seen.NEWER;
        }
        return Seen.OLDER;
    }

    /** Serial-number order on 8 bits: {@code a} came after {@code b} (fewer than 128 power-ons apart). */
    public static boolean newer(int a, int b) {
        int d = (a - b) & 0xff;
        return d != 0 && d < 128;
    }
}
