package org.nowemu.protocol.basic;

import java.util.Set;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.parts.multicast.MulticastReach;
import org.nowemu.protocol.parts.reliability.RelFrame;
import org.nowemu.protocol.parts.reliability.Reliability;
import org.nowemu.protocol.parts.reliability.ReliabilitySettings;
import org.nowemu.protocol.parts.steps.FirmwareSteps;
import org.nowemu.protocol.parts.steps.HostSteps;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.system.SystemSettings;

/**
 * The survey's basic protocol as one stack runs it: the stack's packet size (its entry's {@code max-payload}:
 * {@code basic} 256 B, {@code basic1k} 1 KB) and what every basic stack shares ({@code nowemu.protocol.basic}).
 *
 * @param name             the stack
 * @param maxPayload       largest packet payload (bytes): users fragment their data to fit
 * @param sendRing         descriptors of the send ring in NIC SRAM, each with its packet buffer in the DMA area
 * @param recvRing         descriptors of the receive ring, each pointing to a host receive buffer
 * @param sramSendBuffers  SRAM packet buffers on the send side (>= 2 overlaps host DMA with network DMA)
 * @param sramRecvBuffers  SRAM packet buffers posted to the receive DMA
 * @param descriptorWords  words the host writes by PIO per send descriptor (destination, size, offset, ready)
 * @param returnWords      words the host writes by PIO to give a receive buffer back
 * @param streamingDma     the host DMA mode the NIC uses (else consistent)
 * @param firmware         firmware step costs
 * @param host             library step costs
 * @param reliability      the stack's reliability choice (its entry's optional {@code reliability}, default none)
 * @param rel              the reliability parts' settings
 * @param variant          how a system built on this program departs from the survey's (PM, Hamlyn)
 */
public record BasicSettings(String name, int maxPayload, int sendRing, int recvRing, int sramSendBuffers,
                            int sramRecvBuffers, int descriptorWords, int returnWords, boolean streamingDma,
                            FirmwareSteps firmware, HostSteps host, Reliability reliability,
                            ReliabilitySettings rel, Variant variant) implements SystemSettings,
        MulticastReach.Source {
    /**
     * What the systems that run this control program and library beside the survey's protocol change in it.
     *
     * @param copyOnSend the library copies each packet into the DMA area (the survey's basic protocol); without it
     *                   the program built the message in the pinned send area in place (PM)
     * @param pioMax     packets of at most this many payload bytes are written into the NIC by PIO and sent from
     *                   SRAM without a host DMA (Hamlyn's small sends); 0: never
     * @param areaShare  sender-based remote memory (Hamlyn): each sender's share of a receiver's message area
     *                   (bytes); a packet's payload starts with its 4-byte offset there, the receiving NIC checks
     *                   its bounds and DMAs the data there, then a notification entry; 0: none
     * @param multisend  the NIC repeats one fetched packet to several destinations (PM's multisend)
     */
    public record Variant(boolean copyOnSend, int pioMax, long areaShare, boolean multisend) {
        /** The survey's basic protocol. */
        public static final Variant BASIC = new Variant(true, 0, 0, false);
    }

    static final String ROOT = "nowemu.protocol.basic.";

    /** Stack {@code stack} (an entry of system basic); {@code maxPacket} is the NIC's largest packet body. */
    public static BasicSettings read(ConfigReader r, String stack, int maxPacket) {
        StackEntry.only(r, stack, Set.of("max-payload", "reliability"));
        String relKey = StackEntry.key(stack, "reliability");
        Reliability reliability = r.config().hasPath(relKey) ? Reliability.read(r, relKey) : Reliability.NONE;
        int frame = reliability == Reliability.NONE || reliability == Reliability.BACKPRESSURE ? 0
                : RelFrame.HEADER_BYTES;
        String dma = r.string(ROOT + "host-dma");
        if (!dma.equals("streaming") && !dma.equals("consistent")) {
            throw r.bad(ROOT + "host-dma", "expected streaming or consistent, got '" + dma + "'");
        }
        int payload = (int) r.bytes(StackEntry.key(stack, "max-payload"), 4, maxPacket - BasicWire.HEADER_BYTES - frame);
        return new BasicSettings(stack, payload, r.intIn(ROOT + "send-ring", 1, 4096),
                r.intIn(ROOT + "recv-ring", 1, 4096), r.intIn(ROOT + "sram-send-buffers", 1, 64),
                r.intIn(ROOT + "sram-recv-buffers", 1, 64), r.intIn(ROOT + "descriptor-words", 1, 64),
                r.intIn(ROOT + "return-words", 1, 64), dma.equals("streaming"), FirmwareSteps.read(r),
                HostSteps.read(r), reliability, ReliabilitySettings.read(r), Variant.BASIC);
    }

    /**
     * The settings of a system that runs this control program and library its own way (PM, Hamlyn): its send and
     * receive rings from {@code root} ({@code send-ring}, {@code recv-ring}), everything else as the basic
     * protocol's ({@code nowemu.protocol.basic}), its payload bound, reliability choice and variant.
     */
    public static BasicSettings engine(ConfigReader r, String root, String stack, int payload, Reliability choice,
                                       Variant v) {
        return new BasicSettings(stack, payload, r.intIn(root + "send-ring", 1, 4096),
                r.intIn(root + "recv-ring", 1, 4096), r.intIn(ROOT + "sram-send-buffers", 1, 64),
                r.intIn(ROOT + "sram-recv-buffers", 1, 64), r.intIn(ROOT + "descriptor-words", 1, 64),
                r.intIn(ROOT + "return-words", 1, 64), streaming(r), FirmwareSteps.read(r), HostSteps.read(r), choice,
                ReliabilitySettings.read(r), v);
    }

    private static boolean streaming(ConfigReader r) {
        String dma = r.string(ROOT + "host-dma");
        if (!dma.equals("streaming") && !dma.equals("consistent")) {
            throw r.bad(ROOT + "host-dma", "expected streaming or consistent, got '" + dma + "'");
        }
        return dma.equals("streaming");
    }

    /**
     * Without a resending choice the basic protocol never resends: a run with faults needs no time after its
     * traffic; with one, long enough for a silent destination to be given up.
     */
    @Override
    public long settlePs() {
        return reliability.recovers() ? rel.timeoutPs() * (rel.maxRetries() + 2L) : 0;
    }

    /**
     * PM's multisend where the variant has it: the NIC repeats each packet to a list of destinations named one by
     * one, and the messenger splits a message into packets, each multisent.
     */
    @Override
    public MulticastReach multicastReach() {
        return variant.multisend() ? new MulticastReach(MulticastMode.MULTISEND, true, Integer.MAX_VALUE)
                : MulticastReach.NONE;
    }
}
