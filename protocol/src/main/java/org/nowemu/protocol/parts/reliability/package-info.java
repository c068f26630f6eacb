/**
 * The reliability choices (alternating bit, NIC credits, ACK/NACK, back-pressure, none) behind one NIC interface.
 * Used by the basic protocol, Hamlyn, PM, VMMC and VMMC-2.
 */
package org.nowemu.protocol.parts.reliability;
