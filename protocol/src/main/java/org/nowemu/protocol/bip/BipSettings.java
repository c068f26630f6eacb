package org.nowemu.protocol.bip;

import java.util.Set;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.steps.FirmwareSteps;
import org.nowemu.protocol.parts.steps.HostSteps;
import org.nowemu.protocol.parts.translation.TranslationSettings;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.system.SystemSettings;

/**
 * BIP as one stack runs it ({@code nowemu.protocol.bip}, and the stack's {@code packet-size}).
 *
 * @param name            the stack
 * @param tags            receive queues per process (tags 0..tags-1)
 * @param tagSlots        messages each queue's ring in host memory holds (the receiver's bound)
 * @param copyThreshold   largest short message: sent by PIO into the NIC, received through the tag's ring and
 *                        copied out; longer ones are long (rendezvous, DMA from and to the user's pages)
 * @param fixedPacket     0: packets sized from the total length (adaptive); else every long packet this size
 * @param minPacket       smallest adaptive packet
 * @param sendSlots       SRAM slots for short messages written by PIO
 * @param sramSendBuffers SRAM packet buffers of long sends (2: the next packet's host DMA runs while this one is
 *                        on the wire)
 * @param sramRecvBuffers SRAM buffers posted to the receive DMA
 * @param streamingDma    the host DMA mode (else consistent)
 * @param firmware        LANai cycles of BIP's control program's steps
 * @param host            host cycles of BIP's library steps
 * @param translation     the translation part's costs (the user translates)
 * @param profile         the hardware the stack runs on (its packet sizes are chosen for it)
 */
public record BipSettings(String name, int tags, int tagSlots, int copyThreshold, int fixedPacket, int minPacket,
                          int sendSlots, int sramSendBuffers, int sramRecvBuffers, boolean streamingDma,
                          FirmwareSteps firmware, HostSteps host, TranslationSettings translation,
                          HardwareProfile profile)
        implements SystemSettings {
    static final String ROOT = "nowemu.protocol.bip.";

    public static BipSettings read(ConfigReader r, String stack, HardwareProfile profile) {
        int maxPacket = profile.nic().maxPacketBytes();
        StackEntry.only(r, stack, Set.of("packet-size"));
        String dma = r.string(ROOT + "host-dma");
        if (!dma.equals("streaming") && !dma.equals("consistent")) {
            throw r.bad(ROOT + "host-dma", "expected streaming or consistent, got '" + dma + "'");
        }
        int largest = maxPacket - BipWire.HEADER_BYTES;
        String size = r.string(StackEntry.key(stack, "packet-size"));
        int fixed = 0;
        if (!size.equals("adaptive")) {
            fixed = (int) r.bytes(StackEntry.key(stack, "packet-size"), 4, largest);
            if (fixed % 4 != 0) {
                throw r.bad(StackEntry.key(stack, "packet-size"), "must be a multiple of 4 bytes, got " + fixed);
            }
        }
        return new BipSettings(stack, r.intIn(ROOT + "tags", 1, 255), r.intIn(ROOT + "tag-slots", 1, 4096),
                (int) r.bytes(ROOT + "copy-threshold", 4, largest), fixed,
                (int) r.bytes(ROOT + "min-packet", 4, largest), r.intIn(ROOT + "send-slots", 1, 64),
                r.intIn(ROOT + "sram-send-buffers", 1, 64), r.intIn(ROOT + "sram-recv-buffers", 1, 64),
                dma.equals("streaming"), FirmwareSteps.read(r, ROOT + "firmware."),
                HostSteps.read(r, ROOT + "host."), TranslationSettings.read(r), profile);
    }

    /** BIP never resends (it aborts on a damaged packet): a run with faults needs no time after its traffic. */
    @Override
    public long settlePs() {
        return 0;
    }
}
