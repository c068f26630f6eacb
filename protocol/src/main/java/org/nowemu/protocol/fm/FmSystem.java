package org.nowemu.protocol.fm;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.system.CommSystem;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.system.Assumptions;

/**
 * What FM 1.x and FM 2.x have in common as systems: the same firmware ({@link FmHosts}) and settings; they differ
 * in the host API their programs are written against and whether messages are streams.
 *
 * @param <P> the program type of the version
 */
public abstract class FmSystem<P> implements CommSystem<FmSettings, P> {
    private final boolean streams;

    /** @param streams whether the version's messages are streams (FM 2.x) rather than whole buffers (FM 1.x) */
    protected FmSystem(boolean streams) {
        this.streams = streams;
    }

    @Override
    public Assumptions assumptions(FmSettings s) {
        return Assumptions.losslessNetwork("FM takes its reliability from Myrinet's low bit-error rate and"
                + " back-pressure: host-level credits, no sequence numbers, ACKs or retransmission (Pakin, Lauria and"
                + " Chien, FM, 1995); what a NIC holds dies with its power");
    }

    @Override
    public final FmSettings settings(ConfigReader r, String stack, HardwareProfile profile) {
        return FmSettings.read(r, stack, streams, profile.nic().maxPacketBytes());
    }

    @Override
    public final String describe(ConfigReader r, String stack) {
        return FmHosts.describe(r, stack);
    }

    @Override
    public final void check(FmSettings s, Topology topology, HardwareProfile profile) {
        FmHosts.check(s, topology, profile);
    }

    @Override
    public final Firmware firmware(FmSettings s, NicParts nic, Routes routes) {
        return FmHosts.firmware(s, routes);
    }
}
