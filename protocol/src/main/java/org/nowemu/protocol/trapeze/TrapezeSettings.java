package org.nowemu.protocol.trapeze;

import java.util.Set;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.protocol.parts.steps.FirmwareSteps;
import org.nowemu.protocol.parts.steps.HostSteps;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.system.SystemSettings;

/**
 * Trapeze as one stack runs it: the stack's largest payload and notification ({@code max-payload},
 * {@code interrupts}) and what every Trapeze stack shares ({@code nowemu.protocol.trapeze}).
 *
 * @param name            the stack
 * @param maxPayload      largest payload attached to a message (bytes): a page frame
 * @param interrupts      the host learns of arrivals by interrupt (a kernel handler, P13) rather than by polling
 * @param maxControl      largest control message (bytes): 128 (Trapeze paper)
 * @param sendRing        send-ring entries in NIC SRAM
 * @param recvRing        receive-ring entries, each with a page frame attached
 * @param sramSendBuffers SRAM payload buffers on the send side
 * @param sramRecvBuffers SRAM packet buffers posted to the receive DMA
 * @param entryWords      words the host writes per send-ring entry besides its control message and payload address
 * @param payloadWords    words of a payload's DMA address and length
 * @param returnWords     words the host writes to hand a receive-ring entry back with a fresh frame
 * @param streamingDma    the host DMA mode the NIC uses (else consistent)
 * @param firmware        firmware step costs
 * @param host            library step costs
 */
public record TrapezeSettings(String name, int maxPayload, boolean interrupts, int maxControl, int sendRing,
                              int recvRing, int sramSendBuffers, int sramRecvBuffers, int entryWords,
                              int payloadWords, int returnWords, boolean streamingDma, FirmwareSteps firmware,
                              HostSteps host) implements SystemSettings {
    static final String ROOT = "nowemu.protocol.trapeze.";

    /** Stack {@code stack} (an entry of system trapeze); {@code maxPacket} is the NIC's largest packet body. */
    public static TrapezeSettings read(ConfigReader r, String stack, int maxPacket) {
        StackEntry.only(r, stack, Set.of("max-payload", "interrupts"));
        int control = r.intIn(ROOT + "max-control", 4, 255);
        int payload = (int) r.bytes(StackEntry.key(stack, "max-payload"), 4,
                Math.min(65535, maxPacket - TrapezeWire.HEADER_BYTES - control));
        return new TrapezeSettings(stack, payload, r.bool(StackEntry.key(stack, "interrupts")), control,
                r.intIn(ROOT + "send-ring", 1, 4096), r.intIn(ROOT + "recv-ring", 1, 4096),
                r.intIn(ROOT + "sram-send-buffers", 1, 64), r.intIn(ROOT + "sram-recv-buffers", 1, 64),
                r.intIn(ROOT + "entry-words", 1, 64), r.intIn(ROOT + "payload-words", 1, 64),
                r.intIn(ROOT + "return-words", 1, 64), dmaMode(r, ROOT + "host-dma"), FirmwareSteps.read(r),
                HostSteps.read(r));
    }

    static boolean dmaMode(ConfigReader r, String key) {
        String dma = r.string(key);
        if (!dma.equals("streaming") && !dma.equals("consistent")) {
            throw r.bad(key, "expected streaming or consistent, got '" + dma + "'");
        }
        return dma.equals("streaming");
    }

    /** Trapeze never resends: a run with faults needs no time after its traffic. */
    @Override
    public long settlePs() {
        return 0;
    }
}
