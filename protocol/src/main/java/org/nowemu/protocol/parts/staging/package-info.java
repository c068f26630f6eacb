/**
 * Pinned host DMA areas of slots with arrival flags the NIC's DMA writes last. Used by the basic protocol, BIP, FM,
 * FM/MC, LFC, Trapeze, U-Net and VMMC.
 */
package org.nowemu.protocol.parts.staging;
