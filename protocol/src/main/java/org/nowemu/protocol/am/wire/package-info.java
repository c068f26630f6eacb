/**
 * The VN firmware's private packet header. Used by the VN firmware and the AM-II parts.
 */
package org.nowemu.protocol.am.wire;
