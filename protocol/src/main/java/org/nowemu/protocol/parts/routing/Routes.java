package org.nowemu.protocol.parts.routing;

/**
 * The routes a NIC's firmware starts with: the source route to each NIC, by index; null for the NIC itself, for
 * one no path reaches, for an index outside the table, and everywhere in a table left empty for a mapper to fill.
 * Read-only: a firmware that rewrites routes keeps its own {@link RoutingTable}. A firmware built again after a
 * power cycle is given the same routes.
 */
public interface Routes {
    /** NICs the table has a row for. */
    int nics();

    /** The route to {@code nic}. */
    byte[] to(int nic);

    /** A table of {@code nics} rows, all empty. */
    static Routes none(int nics) {
        return new Routes() {
            @Override
            public int nics() {
                return nics;
            }

            @Override
            public byte[] to(int nic) {
                return null;
            }
        };
    }

    /** The rows of {@code table} (kept, not copied: the caller gives it up). */
    static Routes of(byte[][] table) {
        return new Routes() {
            @Override
            public int nics() {
                return table.length;
            }

            @Override
            public byte[] to(int nic) {
                return nic >= 0 && nic < table.length ? table[nic] : null;
            }
        };
    }
}
