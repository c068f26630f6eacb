/** The elementary firmware and library steps, in LANai and host cycles, that every comparison system is made of. */
package org.nowemu.protocol.parts.steps;
