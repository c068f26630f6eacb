/** Descriptor rings in NIC SRAM, filled by the host by PIO and taken by the NIC in order, with ready and free flags. */
package org.nowemu.protocol.parts.ring;
