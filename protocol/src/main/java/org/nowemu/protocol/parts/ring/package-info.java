/**
 * Descriptor rings in NIC SRAM, filled by the host by PIO and taken in order, with ready and free flags. Used by the
 * basic protocol, BIP, FM, FM/MC, LFC, Trapeze, U-Net and VMMC.
 */
package org.nowemu.protocol.parts.ring;
