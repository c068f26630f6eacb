package org.nowemu.protocol.basic;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.protocol.parts.steps.FirmwareSteps;
import org.nowemu.protocol.parts.steps.HostSteps;

/**
 * The survey's basic protocol as one stack runs it ({@code nowemu.protocol.basic}; {@code basic1k} differs only in
 * its packet size, {@code nowemu.protocol.basic1k.max-payload}).
 *
 * @param name             the stack: basic or basic1k
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
 */
public record BasicSettings(String name, int maxPayload, int sendRing, int recvRing, int sramSendBuffers,
                            int sramRecvBuffers, int descriptorWords, int returnWords, boolean streamingDma,
                            FirmwareSteps firmware, HostSteps host) {
    static final String ROOT = "nowemu.protocol.basic.";

    /** The stack {@code name} (basic or basic1k); {@code maxPacket} is the NIC's largest packet body. */
    public static BasicSettings read(ConfigReader r, String name, int maxPacket) {
        if (!name.equals("basic") && !name.equals("basic1k")) {
            throw new IllegalArgumentException("not a basic-protocol stack: " + name);
        }
        String dma = r.string(ROOT + "host-dma");
        if (!dma.equals("streaming") && !dma.equals("consistent")) {
            throw r.bad(ROOT + "host-dma", "expected streaming or consistent, got '" + dma + "'");
        }
        int payload = (int) r.bytes("nowemu.protocol." + name + ".max-payload", 4,
                maxPacket - BasicWire.HEADER_BYTES);
        return new BasicSettings(name, payload, r.intIn(ROOT + "send-ring", 1, 4096),
                r.intIn(ROOT + "recv-ring", 1, 4096), r.intIn(ROOT + "sram-send-buffers", 1, 64),
                r.intIn(ROOT + "sram-recv-buffers", 1, 64), r.intIn(ROOT + "descriptor-words", 1, 64),
                r.intIn(ROOT + "return-words", 1, 64), dma.equals("streaming"), FirmwareSteps.read(r),
                HostSteps.read(r));
    }
}
