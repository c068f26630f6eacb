/**
 * Myrinet hardware as components on the runtime: links with STOP/GO back-pressure ({@code link}), crossbar
 * switches ({@code switching}), NICs (LANai processor, SRAM, host/send/receive DMA engines: {@code nic}), the host
 * I/O bus and host threads ({@code host}), topologies ({@code topology}), hardware profiles ({@code profile}) and
 * the assembly of a whole cluster ({@code cluster}).
 */
package org.nowemu.hardware;
