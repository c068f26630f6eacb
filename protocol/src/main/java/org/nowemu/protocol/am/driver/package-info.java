/**
 * The segment driver, the kernel's part of AM-II on each host: endpoint creation, faults, mapping and event posts.
 * Used by AM-II's process and {@code AmSystem}.
 */
package org.nowemu.protocol.am.driver;
