/** The host side shared by the systems without protection: one process per NIC, and their SRAM check. */
package org.nowemu.protocol.parts.system;
