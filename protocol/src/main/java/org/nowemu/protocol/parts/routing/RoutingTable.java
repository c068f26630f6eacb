package org.nowemu.protocol.parts.routing;

import org.nowemu.hardware.nic.NicContext;

/**
 * The NIC's routing table in SRAM: the source route to each NIC, by index (null for itself and where no route is
 * known). It starts as the firmware is given it ({@link InitialRoutes}, or empty for a mapper to fill) and only a
 * privileged endpoint rewrites it.
 */
public final class RoutingTable {
    private final byte[][] routes;

    /** @param initial the route to each NIC; the table is a copy (its rows are shared until rewritten) */
    public RoutingTable(byte[][] initial) {
        this.routes = initial.clone();
    }

    /** SRAM the table takes for {@code nics} NICs (bytes): 8 a route. */
    public static long sramBytes(int nics) {
        return 8L * nics;
    }

    /** Takes its SRAM. */
    public void allocate(NicContext nic) {
        nic.sram().allocate("routing table", sramBytes(routes.length));
    }

    /** NICs it has a row for. */
    public int nics() {
        return routes.length;
    }

    /** Whether {@code nic} is a NIC of the table (its route may still be null). */
    public boolean knows(int nic) {
        return nic >= 0 && nic < routes.length;
    }

    /** The route to {@code nic}; null for this NIC itself, an unreachable one, or an index outside the table. */
    public byte[] route(int nic) {
        return knows(nic) ? routes[nic] : null;
    }

    /** Sets the route to {@code nic} (a copy; null: no route). */
    public void write(int nic, byte[] route) {
        routes[nic] = route == null ? null : route.clone();
    }
}
