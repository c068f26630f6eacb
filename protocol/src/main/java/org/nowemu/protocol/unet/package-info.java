/**
 * U-Net and U-Net/MM (Cornell; systems §13): each process has an endpoint, a communication segment with send,
 * receive and free queues of descriptors; the kernel sets up endpoints and channels (protection), the NIC
 * demultiplexes arriving packets to the endpoint by tag. Sends push a descriptor by PIO, small data inside it; the
 * NIC DMAs larger data from the segment (U-Net/MM: from any page, translated by its TLB, {@code parts/translation}).
 * Receives take a buffer from the free queue or are dropped (counted: no flow control, unreliable), and a descriptor
 * is DMA'd into the receive queue in host memory; the host polls it or takes an upcall.
 */
package org.nowemu.protocol.unet;
