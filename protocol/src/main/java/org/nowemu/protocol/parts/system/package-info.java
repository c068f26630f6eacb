/**
 * A comparison system declared once ({@code SystemSpec}) and run as one process per NIC with its SRAM check
 * ({@code OneProcessSystem}, {@code OneProcess}). Used by every system without protection.
 */
package org.nowemu.protocol.parts.system;
