/**
 * FM 1.x: {@code FM_send_4}, {@code FM_send} and {@code FM_extract()}; a handler gets its message whole and
 * contiguous, reassembled by the library when it took more than one packet.
 */
package org.nowemu.protocol.fm.fm1;
