/**
 * Endpoint frames on the NIC: loads, safe unloads, time slices and eviction. Used by the VN firmware.
 */
package org.nowemu.protocol.am.parts.paging;
