/**
 * Myrinet hardware as components on the runtime: host CPUs and threads, I/O buses (SBus, PCI), NICs (LANai
 * processor, SRAM, host/send/receive DMA engines), links with STOP/GO back-pressure, crossbar switches,
 * topologies and hardware profiles. Built by the hardware issue; empty until then.
 */
package org.nowemu.hardware;
