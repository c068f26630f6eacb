/**
 * Multicast: repeated sends, and spanning-tree forwarding on the NICs under NIC-level credits. Used by FM/MC, LFC,
 * PM and the multicast workload.
 */
package org.nowemu.protocol.parts.multicast;
