/**
 * The receive path into host memory: a packet from the receive DMA in, its data and entry written into host memory
 * by DMA (ring or posted buffer), the SRAM buffer back to the receive DMA. Used by the basic protocol (and PM and
 * Hamlyn on its firmware), BIP, FM, LFC, Trapeze, U-Net and VMMC/VMMC-2.
 */
package org.nowemu.protocol.parts.receive;
