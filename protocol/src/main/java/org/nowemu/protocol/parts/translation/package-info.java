/**
 * Address translation, the survey's four choices (DMA areas, NIC software TLB, UTLB, the user translates), and the
 * NIC's side of a software-TLB miss as an interrupt the host's kernel serves (TlbMisses). Used by BIP, U-Net, VMMC,
 * VMMC-2 and the host-transfer workload.
 */
package org.nowemu.protocol.parts.translation;
