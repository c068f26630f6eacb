/**
 * The staged-DMA send path (a descriptor in, its bytes fetched into SRAM, packets on the wire and a completion out) and
 * a NIC program built around it. Used by the basic protocol (and PM and Hamlyn on its firmware), BIP, Trapeze, U-Net
 * and VMMC/VMMC-2.
 */
package org.nowemu.protocol.parts.staged;
