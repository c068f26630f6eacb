/**
 * The survey's basic protocol (systems §1): packets of at most 256 bytes ({@code basic}) or 1 KB
 * ({@code basic1k}) staged through a pinned DMA area; the host copies a packet there and writes a descriptor into
 * the NIC's send ring by programmed I/O; the NIC polls the ring, fetches the packet by host DMA, looks up the route
 * and sends it, overlapping the next fetch with this send; the receiving NIC DMAs the packet into the next free host
 * buffer of its receive ring, flag last, or drops it when none is free (counted). Polling only, no protection, no
 * reliability: it promises nothing, so its packets enter the ledger as sent without a promise and a drop is counted,
 * never a broken ledger.
 */
package org.nowemu.protocol.basic;
