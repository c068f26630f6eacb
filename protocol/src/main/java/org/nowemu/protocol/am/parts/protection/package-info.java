/**
 * The tag and endpoint checks at the sending and receiving NICs. Used by the VN firmware.
 */
package org.nowemu.protocol.am.parts.protection;
