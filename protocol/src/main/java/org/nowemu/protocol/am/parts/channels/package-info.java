/**
 * AM-II's stop-and-wait channels: sender, receiver, the tables and the coarse retransmission timer. Used by the VN
 * firmware and the AM-II paging, send-path and restart parts.
 */
package org.nowemu.protocol.am.parts.channels;
