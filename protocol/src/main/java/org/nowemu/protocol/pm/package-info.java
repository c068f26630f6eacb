/**
 * PM (systems §7): DMA from a pinned send area, the channel's receive ring, ACK/NACK with retransmission on
 * the NIC (PM's modified ACK/NACK, in order), multisend on the NIC; composed from the basic protocol's staged-DMA
 * control program and library and {@code parts/reliability}.
 */
package org.nowemu.protocol.pm;
