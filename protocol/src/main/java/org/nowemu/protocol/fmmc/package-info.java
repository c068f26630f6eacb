/**
 * FM/MC (systems §6): Fast Messages 1.x for unicast (PIO into NIC send slots, host-level credits, the FM
 * firmware unchanged), and multicast forwarded by the NICs along a spanning tree, flow-controlled by credits from a
 * central buffer manager (the NIC of the group's first host): a multicast credit is one NIC buffer reserved at every member of the group.
 */
package org.nowemu.protocol.fmmc;
