package org.nowemu.protocol.fmmc;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.protocol.fm.FmSettings;
import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.parts.multicast.MulticastReach;
import org.nowemu.protocol.system.SystemSettings;

/**
 * An FM/MC stack: FM 1.x's settings for unicast (its entry's {@code packet-payload}, {@code nowemu.protocol.fm})
 * and the multicast's ({@code nowemu.protocol.fmmc}).
 *
 * @param fm          the FM 1.x unicast settings
 * @param buffers     M: multicast buffers per NIC, handed out by the manager as credits
 * @param sendSlots   multicast send slots in NIC SRAM
 * @param hostSlots   slots of the host's multicast area
 * @param request     credits a sender NIC asks the manager for at once (prefetch)
 * @param release     freed buffers a member NIC reports to the manager at once
 * @param fanout      children per NIC in the tree
 */
public record McSettings(FmSettings fm, int buffers, int sendSlots, int hostSlots, int request, int release,
                         int fanout) implements SystemSettings, MulticastReach.Source {
    static final String ROOT = "nowemu.protocol.fmmc.";

    static McSettings read(ConfigReader r, String stack, int maxPacket) {
        FmSettings fm = FmSettings.read(r, stack, false, maxPacket);
        int buffers = r.intIn(ROOT + "buffers", 1, 4096);
        return new McSettings(fm, buffers, r.intIn(ROOT + "send-slots", 1, 4096),
                r.intIn(ROOT + "host-slots", 1, 1 << 20), r.intIn(ROOT + "request", 1, buffers),
                r.intIn(ROOT + "release", 1, buffers), r.intIn(ROOT + "tree-fanout", 1, 64));
    }

    @Override
    public String name() {
        return fm.name();
    }

    /** These settings with FM's unicast credits shared among a job of {@code hosts} ({@link FmSettings#forJob}). */
    McSettings forJob(int hosts) {
        return new McSettings(fm.forJob(hosts), buffers, sendSlots, hostSlots, request, release, fanout);
    }

    /**
     * Forwarded by the NICs; a packet's header names its group by first host and size ({@link McWire}); FM_mc_send
     * sends one packet, so a multicast is at most FM's packet payload.
     */
    @Override
    public MulticastReach multicastReach() {
        return new MulticastReach(MulticastMode.NI, false, fm.packetPayload());
    }

    @Override
    public long settlePs() {
        return 0;
    }

    /** SRAM for the multicast: send slots, buffers, and the manager's table (bytes). */
    long sramNeeded(int hosts) {
        long packet = McWire.HEADER_BYTES + fm.packetPayload();
        return (long) (sendSlots + buffers) * packet + 4L * hosts;
    }
}
