/**
 * What AM-II's host and NIC write into each other's memory: doorbells, host entries, driver entries. Used by the
 * AM-II library, the VN firmware, its parts and the mapper's daemon.
 */
package org.nowemu.protocol.am.nic;
