/**
 * Routes: the routing table in NIC SRAM and the initial routes a host is given. Used by every system's firmware.
 */
package org.nowemu.protocol.parts.routing;
