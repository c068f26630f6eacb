/**
 * Multicast (COMPARISON.md §14.1, "multicast support"): none; repeated sends (PM's multisend: the sender sends the
 * message to each member in turn, {@link org.nowemu.protocol.parts.multicast.RepeatedSends}); and spanning-tree
 * forwarding on the NICs with NIC-level credits (FM/MC, LFC): the NIC that receives a multicast packet delivers it to
 * its host and forwards it to its children in the group's tree ({@link org.nowemu.protocol.parts.multicast.SpanningTree}),
 * holding it in one of its buffers until both are done ({@link org.nowemu.protocol.parts.multicast.ForwardingBuffers}),
 * and sends to a child only with a credit for a buffer there.
 */
package org.nowemu.protocol.parts.multicast;
