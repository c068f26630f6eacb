/**
 * NIC firmware and host libraries: the VN transport protocol, the AM-II API, endpoint virtualization and GAM
 * ({@link org.nowemu.protocol.AmCluster} puts a stack and AM programs on a cluster); and the comparison systems,
 * each with a cluster entry of its own: the survey's basic protocol ({@code basic}), Fast Messages 1.x and 2.x
 * ({@code fm}), MPI over FM ({@code mpi}), built from the mechanisms in {@code parts}.
 */
package org.nowemu.protocol;
