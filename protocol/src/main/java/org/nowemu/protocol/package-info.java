/**
 * NIC firmware and host libraries. {@code parts} holds the mechanisms, one a file (channels, protection checks,
 * endpoint scheduling and paging, routing, the privileged endpoint, restart after a power cycle, the send path,
 * host DMAs, delivery; and on the host side descriptor rings, DMA staging areas, host credits, host costs); a
 * communication system composes parts into its firmware and brings its host API ({@code system.CommSystem},
 * registered in {@code system.Systems}). Active Messages is the system {@code am}: {@code vn} (the VN transport
 * firmware and the system's registration), {@code am} (the AM-II library) and {@code driver} (the segment driver).
 * The comparison systems, registered beside it: the survey's basic protocol ({@code basic}, system basic), Fast
 * Messages 1.x and 2.x ({@code fm}, systems fm1 and fm2), MPI over FM ({@code mpi}, system mpi). {@code stack} reads the stacks of {@code nowemu.protocol.stacks};
 * {@code system.SystemCluster} puts stacks and programs on a cluster host by host, and {@link
 * org.nowemu.protocol.AmCluster} does so for AM programs.
 */
package org.nowemu.protocol;
