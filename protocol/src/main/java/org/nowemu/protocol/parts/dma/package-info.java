/**
 * Host DMAs by tag, each completion a named record handed back to the part that started it (AM-II's parts, BIP,
 * Trapeze, U-Net, VMMC, the host-transfer workload), or as one queue completed in order (basic protocol, FM, LFC).
 */
package org.nowemu.protocol.parts.dma;
