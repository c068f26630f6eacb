package org.nowemu.protocol.fm;

import java.util.Set;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.protocol.parts.steps.FirmwareSteps;
import org.nowemu.protocol.parts.steps.HostSteps;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.system.SystemSettings;

/**
 * Fast Messages as one stack runs it: the stack's own packet size (its entry's {@code packet-payload}, and FM 2.x's
 * {@code handler-switch-cycles}) and what every FM stack shares ({@code nowemu.protocol.fm}: the firmware, the
 * send slots, the host receive area and its credits).
 *
 * @param name                the stack
 * @param packetPayload       payload bytes per packet
 * @param sendSlots           send slots in NIC SRAM (header and payload each, written by PIO)
 * @param receiveSlots        R: packet slots of the host receive area, split among the senders as credits
 * @param creditReturn        fraction of a sender's credits owed before they are returned in a credit packet
 * @param sramRecvBuffers     SRAM buffers posted to the receive DMA; when all wait for the host DMA, the link stalls
 * @param headerWords         words of a packet header the host writes by PIO
 * @param flagWords           words of a slot's ready flag
 * @param streamingDma        the NIC's host DMA mode (else consistent)
 * @param handlerSwitchCycles FM 2.x: host cycles to switch to a handler that was suspended in FM_receive (FM 1.x: 0)
 * @param firmware            firmware step costs
 * @param host                library step costs
 * @param job                 the hosts whose processes share the receive slots as credits, this one included: FM's
 *                            job, the hosts of the run with programs on this stack (0 until a host is set up)
 */
public record FmSettings(String name, int packetPayload, int sendSlots, int receiveSlots, double creditReturn,
                         int sramRecvBuffers, int headerWords, int flagWords, boolean streamingDma,
                         int handlerSwitchCycles, FirmwareSteps firmware, HostSteps host, int job)
        implements SystemSettings {
    static final String ROOT = "nowemu.protocol.fm.";

    /**
     * Stack {@code stack}, an FM 2.x stack ({@code fm2}: its entry also has {@code handler-switch-cycles}) or an
     * FM 1.x one; {@code maxPacket} is the NIC's largest packet body.
     */
    public static FmSettings read(ConfigReader r, String stack, boolean fm2, int maxPacket) {
        StackEntry.only(r, stack, fm2 ? Set.of("packet-payload", "handler-switch-cycles") : Set.of("packet-payload"));
        String dma = r.string(ROOT + "host-dma");
        if (!dma.equals("streaming") && !dma.equals("consistent")) {
            throw r.bad(ROOT + "host-dma", "expected streaming or consistent, got '" + dma + "'");
        }
        int payload = (int) r.bytes(StackEntry.key(stack, "packet-payload"), 4,
                Math.min(maxPacket - FmWire.HEADER_BYTES, 65535));
        return new FmSettings(stack, payload, r.intIn(ROOT + "send-slots", 1, 4096),
                r.intIn(ROOT + "receive-slots", 1, 1 << 20), r.doubleIn(ROOT + "credit-return", 0.01, 1.0),
                r.intIn(ROOT + "sram-recv-buffers", 1, 64), r.intIn(ROOT + "header-words", 1, 64),
                r.intIn(ROOT + "flag-words", 1, 16), dma.equals("streaming"),
                fm2 ? r.intIn(StackEntry.key(stack, "handler-switch-cycles"), 0, 1_000_000) : 0,
                FirmwareSteps.read(r), HostSteps.read(r), 0);
    }

    /**
     * These settings on a host whose job is {@code hosts} hosts: FM gave each process credits for the processes of
     * its own job (Pakin, Karamcheti and Chien, FM 2.x, IEEE Concurrency 1997), not for every host on the network.
     */
    public FmSettings forJob(int hosts) {
        return new FmSettings(name, packetPayload, sendSlots, receiveSlots, creditReturn, sramRecvBuffers, headerWords,
                flagWords, streamingDma, handlerSwitchCycles, firmware, host, hosts);
    }

    /** FM never resends: a run with faults needs no time after its traffic. */
    @Override
    public long settlePs() {
        return 0;
    }

    /**
     * C: credits each host has for each other host of its job, its share of the R receive slots (survey:
     * "pre-allocating"); {@code hosts} is the job's size ({@link #job}).
     */
    public int credits(int hosts) {
        if (hosts < 2) {
            return receiveSlots;
        }
        int c = receiveSlots / (hosts - 1);
        if (c < 1) {
            throw new BadInputException(ROOT + "receive-slots: " + receiveSlots + " slots cannot give each of the "
                    + (hosts - 1) + " other hosts of stack '" + name + "' a credit");
        }
        return c;
    }

    /** Owed credits that make a receiver send them back in a credit packet ({@code hosts}: the job's size). */
    public int returnThreshold(int hosts) {
        return Math.max(1, (int) Math.round(credits(hosts) * creditReturn));
    }

    /**
     * Slots of the host's control area, where credit packets land: as many as can be outstanding. A peer returns
     * credits in packets of at least the threshold, and at most C of its credits are ever away from this host, so
     * at most C / threshold of its credit packets wait unprocessed.
     */
    public int controlSlots(int hosts) {
        return Math.max(1, (hosts - 1) * (credits(hosts) / returnThreshold(hosts)));
    }
}
