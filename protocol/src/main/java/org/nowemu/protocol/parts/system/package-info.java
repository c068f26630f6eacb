/**
 * One process per NIC and its SRAM check, for the systems without protection. Used by every comparison system.
 */
package org.nowemu.protocol.parts.system;
