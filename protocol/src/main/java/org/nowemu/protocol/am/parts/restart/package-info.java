/**
 * Restart after a power cycle: lives, incarnations, the previous life. Used by the VN firmware and the channels.
 */
package org.nowemu.protocol.am.parts.restart;
