/**
 * The privileged endpoint: raw packets and routing-table reads and writes. Used by the VN firmware (the mapper's
 * daemon speaks to it).
 */
package org.nowemu.protocol.am.parts.privileged;
