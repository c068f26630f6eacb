/**
 * The dispatch loop of a hand-written NIC control program: each event to the step that serves it. Used by the basic
 * protocol (and PM and Hamlyn on its firmware), BIP, FM, LFC, Trapeze, U-Net and VMMC/VMMC-2.
 */
package org.nowemu.protocol.parts.dispatch;
