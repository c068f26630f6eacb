/**
 * Which endpoint sends next: weighted round-robin over endpoints, or one FIFO. Used by the VN firmware and paging.
 */
package org.nowemu.protocol.am.parts.scheduling;
