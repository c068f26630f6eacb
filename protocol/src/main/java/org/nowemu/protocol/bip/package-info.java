/**
 * BIP, the Basic Interface for Parallelism of ENS Lyon (systems §5): {@code bip_tsend}/{@code bip_trecv} with
 * tags selecting receive queues on the destination; short messages written into the NIC by PIO and buffered at the
 * receiver in per-tag rings it bounds, copied out by the receive; long messages by rendezvous (the receive must be
 * posted; the sender is held back by the network's back-pressure until it is, never dropped), moved between the
 * users' own pages by DMA in equal packets sized from the total length so that the four DMAs pipeline; the user
 * translates (parts/translation, pages pinned on first use, translations cached); one pending send and one pending
 * receive per process; reliable and in order per queue on a lossless network; no protection, no multiprogramming,
 * polling only.
 */
package org.nowemu.protocol.bip;
