/**
 * The elementary firmware and library steps, in LANai and host cycles. Used by the comparison systems and the
 * host-transfer workload.
 */
package org.nowemu.protocol.parts.steps;
