/**
 * AM-II's send path: control packets before data, store-and-forward or pipelined DMAs, loopback. Used by the VN
 * firmware, the channels and the privileged endpoint.
 */
package org.nowemu.protocol.am.parts.sendpath;
