/**
 * NIC firmware and host libraries. {@code parts} holds the mechanisms more than one system uses (or could), one a
 * file; a communication system composes parts into its firmware and brings its host API ({@code system.CommSystem},
 * registered in {@code system.Systems}; {@code system.Stacks} reads the stacks of {@code nowemu.protocol.stacks}).
 * Active Messages (AM-II and GAM) is the system {@code am}, all of it in {@code am}: the host library, the VN
 * firmware ({@code am.vn}), the parts only it uses ({@code am.parts}), the segment driver, the NIC entries, the wire
 * header, the stacks' settings and {@link org.nowemu.protocol.am.AmCluster}. The comparison systems, registered
 * beside it, are a package each: {@code basic}, {@code fm} (fm1, fm2), {@code mpi}, {@code bip}, {@code pm},
 * {@code hamlyn}, {@code lfc}, {@code fmmc}, {@code trapeze}, {@code unet}, {@code vmmc}, {@code vmmc2}.
 * {@code system.SystemCluster} puts stacks and programs on a cluster host by host.
 */
package org.nowemu.protocol;
