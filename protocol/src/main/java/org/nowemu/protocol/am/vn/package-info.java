/**
 * Active Messages, the system {@code am}: {@link org.nowemu.protocol.am.AmSystem} registers it (the AM-II library
 * of {@code org.nowemu.protocol.am} and the segment driver on the hosts), {@link org.nowemu.protocol.am.vn.VnFirmware}
 * is the VN transport firmware on the NICs, a composition of parts whose stack options (reliability, protection,
 * virtual networks, pipelined DMA) pick which run: AM-II with all of them, GAM with few.
 */
package org.nowemu.protocol.am.vn;
