/**
 * The firmware mechanisms only AM-II uses, one a package. Composed by {@code am.vn.VnFirmware}.
 */
package org.nowemu.protocol.am.parts;
