/**
 * Host DMAs by tag, each completion a named record handed back to the part that started it. Used by AM-II's parts,
 * BIP, Trapeze, U-Net, VMMC and the host-transfer workload.
 */
package org.nowemu.protocol.parts.dma;
