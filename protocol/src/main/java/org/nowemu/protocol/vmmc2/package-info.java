/**
 * VMMC-2 (Princeton; systems §9): VMMC with a user-managed TLB cached on the NIC and a reliable protocol on the
 * NIC; built from VMMC's firmware and library with the translation and reliability parts.
 */
package org.nowemu.protocol.vmmc2;
