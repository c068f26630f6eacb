/**
 * The mechanisms more than one system uses (or could), one a package, and {@code CurrentNic}, the NIC a firmware's
 * parts act on. Used by every system's firmware and library; AM-II's own parts are in {@code am.parts}.
 */
package org.nowemu.protocol.parts;
