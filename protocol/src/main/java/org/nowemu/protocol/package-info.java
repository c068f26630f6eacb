/**
 * NIC firmware and host libraries: the VN transport protocol, the AM-II API, endpoint virtualization and GAM;
 * later FM, BIP and the basic protocol. Built by the protocol issues; empty until then.
 */
package org.nowemu.protocol;
