package org.nowemu.protocol.lfc;

import java.util.Set;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.parts.multicast.MulticastReach;
import org.nowemu.protocol.parts.notification.ControlTransfer;
import org.nowemu.protocol.parts.steps.FirmwareSteps;
import org.nowemu.protocol.parts.steps.HostSteps;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.system.SystemSettings;

/**
 * LFC as one stack runs it: its packet payload and control transfer (its entry's {@code packet-payload},
 * {@code control}) and what every LFC stack shares ({@code nowemu.protocol.lfc}).
 *
 * @param name            the stack
 * @param packetPayload   payload bytes per packet
 * @param control         how arrivals reach the host once it enables interrupts (polling: never by interrupt)
 * @param sendSlots       send buffers in NIC SRAM
 * @param receiveSlots    slots of the host receive ring
 * @param nicCredits      NIC buffers (credits) per sending NIC
 * @param creditReturn    fraction of a sender's credits owed before they go back in a credit packet
 * @param controlBuffers  extra receive buffers for credit packets
 * @param fanout          children per NIC in a multicast tree
 * @param watchdogPs      the polling watchdog's period (ps)
 * @param headerWords     words of a header the host writes by PIO
 * @param flagWords       words of a send buffer's ready flag
 * @param streamingDma    the NIC's host DMA mode
 * @param firmware        firmware step costs
 * @param host            library step costs
 */
public record LfcSettings(String name, int packetPayload, ControlTransfer control, int sendSlots, int receiveSlots,
                          int nicCredits, double creditReturn, int controlBuffers, int fanout, long watchdogPs,
                          int headerWords, int flagWords, boolean streamingDma, FirmwareSteps firmware,
                          HostSteps host) implements SystemSettings, MulticastReach.Source {
    static final String ROOT = "nowemu.protocol.lfc.";

    public static LfcSettings read(ConfigReader r, String stack, int maxPacket) {
        StackEntry.only(r, stack, Set.of("packet-payload", "control"));
        String dma = r.string(ROOT + "host-dma");
        if (!dma.equals("streaming") && !dma.equals("consistent")) {
            throw r.bad(ROOT + "host-dma", "expected streaming or consistent, got '" + dma + "'");
        }
        int payload = (int) r.bytes(StackEntry.key(stack, "packet-payload"), 4,
                Math.min(maxPacket - LfcWire.HEADER_BYTES, 65535));
        return new LfcSettings(stack, payload, ControlTransfer.read(r, StackEntry.key(stack, "control")),
                r.intIn(ROOT + "send-slots", 1, 4096), r.intIn(ROOT + "receive-slots", 1, 1 << 20),
                r.intIn(ROOT + "nic-credits", 1, 1024), r.doubleIn(ROOT + "credit-return", 0.01, 1.0),
                r.intIn(ROOT + "control-buffers", 1, 64), r.intIn(ROOT + "tree-fanout", 1, 64),
                r.duration(ROOT + "watchdog", 1), r.intIn(ROOT + "header-words", 1, 64),
                r.intIn(ROOT + "flag-words", 1, 16), dma.equals("streaming"), FirmwareSteps.read(r),
                HostSteps.read(r));
    }

    /**
     * Forwarded by the NICs, any length (a multicast of several packets is reassembled per root); a packet's header
     * names its group by first host and size ({@link LfcWire}).
     */
    @Override
    public MulticastReach multicastReach() {
        return new MulticastReach(MulticastMode.NI, false, Integer.MAX_VALUE);
    }

    /** LFC never resends. */
    @Override
    public long settlePs() {
        return 0;
    }

    /** Owed NIC credits that make a NIC send them back in a credit packet. */
    public int returnThreshold() {
        return Math.max(1, (int) Math.round(nicCredits * creditReturn));
    }

    /** SRAM the firmware takes on a cluster of {@code hosts}: routes, send buffers, receive buffers (bytes). */
    public long sramNeeded(int hosts) {
        long packet = LfcWire.HEADER_BYTES + packetPayload;
        long buffers = (long) nicCredits * Math.max(1, hosts - 1) + controlBuffers;
        return 8L * hosts + sendSlots * (packet + 4L * flagWords) + buffers * packet;
    }
}
