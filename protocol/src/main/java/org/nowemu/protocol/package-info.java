/**
 * NIC firmware and host libraries: the VN transport protocol, the AM-II API, endpoint virtualization and GAM;
 * later FM, BIP and the basic protocol. {@link org.nowemu.protocol.AmCluster} puts a stack and AM programs on a
 * cluster.
 */
package org.nowemu.protocol;
