/**
 * VMMC (Princeton; systems §8): virtual memory-mapped, sender-based communication. A receiver exports a
 * buffer; a sender imports it through a trusted party (here the NICs, asked by the import daemon) and deposits data
 * at offsets it chooses, straight from its own pages (the NIC's software TLB translates them, {@code parts/translation}
 * nic-tlb) into the exported pages, with an optional notification. No receive buffering problem exists, so
 * reliability is the link's back-pressure: the receiving NIC stops draining while its buffers wait.
 */
package org.nowemu.protocol.vmmc;
