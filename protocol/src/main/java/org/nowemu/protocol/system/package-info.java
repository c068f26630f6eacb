/**
 * Communication systems and the clusters that run them. A {@link org.nowemu.protocol.system.CommSystem} supplies a
 * NIC firmware and the host components for programs written against its own host API, from the settings of one of
 * its stacks; {@link org.nowemu.protocol.system.Systems} registers the systems by name;
 * {@code org.nowemu.protocol.system.Stacks} reads a stack (an entry of {@code nowemu.protocol.stacks} naming its
 * system) into a {@link org.nowemu.protocol.system.Stack}; {@link org.nowemu.protocol.system.SystemCluster} puts
 * stacks and programs on a cluster, host by host.
 */
package org.nowemu.protocol.system;
