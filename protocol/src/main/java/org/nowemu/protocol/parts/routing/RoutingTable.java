package org.nowemu.protocol.parts.routing;

import java.util.HashMap;
import org.nowemu.hardware.nic.NicContext;

/**
 * The NIC's routing table in SRAM: the source route to each NIC, by index (null for itself and where no route is
 * known). It starts as the firmware is given it ({@link InitialRoutes}, or empty for a mapper to fill) and only a
 * privileged endpoint rewrites it. Rewritten rows are kept apart from the initial ones, sparse, since a table of
 * N rows for each of N NICs grows as N².
 */
public final class RoutingTable {
    private static final byte[] NONE = new byte[0];
    private final Routes initial;
    /** Rows rewritten since the start, NONE for a route removed; looked up, never iterated. */
    private final HashMap<Integer, byte[]> written = new HashMap<>();

    public RoutingTable(Routes initial) {
        this.initial = initial;
    }

    /** SRAM the table takes for {@code nics} NICs (bytes): 8 a route. */
    public static long sramBytes(int nics) {
        return 8L * nics;
    }

    /** Takes its SRAM. */
    public void allocate(NicContext nic) {
        nic.sram().allocate("routing table", sramBytes(initial.nics()));
    }

    /** NICs it has a row for. */
    public int nics() {
        return initial.nics();
    }

    /** Whether {@code nic} is a NIC of the table (its route may still be null). */
    public boolean knows(int nic) {
        return nic >= 0 && nic < initial.nics();
    }

    /** The route to {@code nic}; null for this NIC itself, an unreachable one, or an index outside the table. */
    public byte[] route(int nic) {
        if (!knows(nic)) {
            return null;
        }
        byte[] w = written.get(nic);
        if (w != null) {
            return w == NONE ? null : w;
        }
        return initial.to(nic);
    }

    /** Sets the route to {@code nic} (a copy; null: no route). */
    public void write(int nic, byte[] route) {
        written.put(nic, route == null ? NONE : route.clone());
    }
}
