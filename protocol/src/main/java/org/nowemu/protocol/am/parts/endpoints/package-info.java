/**
 * The NIC's endpoint table and endpoint frames in SRAM. Used by the VN firmware and every AM-II part.
 */
package org.nowemu.protocol.am.parts.endpoints;
