package org.nowemu.protocol.unet;

import java.util.Set;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.steps.FirmwareSteps;
import org.nowemu.protocol.parts.steps.HostSteps;
import org.nowemu.protocol.parts.translation.TranslationSettings;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.system.SystemSettings;

/**
 * U-Net as one stack runs it: whether the NIC translates addresses through its own TLB (U-Net/MM, {@code tlb}) and
 * how the host learns of arrivals ({@code interrupts}), and what every U-Net stack shares ({@code nowemu.protocol.unet}).
 *
 * @param name            the stack
 * @param tlb             U-Net/MM: sends name any user memory, translated by the NIC's TLB (else the pinned segment)
 * @param interrupts      the host waits for arrivals by upcall (a user-level signal, P14) rather than by polling
 * @param segment         the endpoint's communication segment (bytes): send data and the free buffers
 * @param bufferSize      one receive buffer of the free queue (bytes): the largest message
 * @param inlineBytes     the largest message carried in the descriptor itself
 * @param sendQueue       send-queue descriptors in NIC SRAM
 * @param freeQueue       free-queue entries (receive buffers the host has given the NIC)
 * @param recvQueue       receive-queue descriptors in host memory
 * @param channels        channels an endpoint may have
 * @param sramSendBuffers SRAM data buffers on the send side
 * @param sramRecvBuffers SRAM packet buffers posted to the receive DMA
 * @param descriptorWords words of a send descriptor written by PIO, besides inline data
 * @param consumeWords    words the host writes to give a receive descriptor back, and its buffer if it used one
 * @param syscallCycles   a trap into the kernel to create the endpoint or a channel (host cycles)
 * @param streamingDma    the host DMA mode the NIC uses (else consistent)
 * @param firmware        firmware step costs
 * @param host            library step costs
 * @param translation     the translation part's costs (the NIC's TLB)
 * @param profile         the hardware (page size, pinning and interrupt costs for the translation part)
 */
public record UnetSettings(String name, boolean tlb, boolean interrupts, long segment, int bufferSize,
                           int inlineBytes, int sendQueue, int freeQueue, int recvQueue, int channels,
                           int sramSendBuffers, int sramRecvBuffers, int descriptorWords, int consumeWords,
                           int syscallCycles, boolean streamingDma, FirmwareSteps firmware, HostSteps host,
                           TranslationSettings translation, HardwareProfile profile) implements SystemSettings {
    static final String ROOT = "nowemu.protocol.unet.";

    /** Stack {@code stack} (an entry of system unet) on {@code profile}. */
    public static UnetSettings read(ConfigReader r, String stack, HardwareProfile profile) {
        int maxPacket = profile.nic().maxPacketBytes();
        StackEntry.only(r, stack, Set.of("tlb", "interrupts"));
        int buffer = (int) r.bytes(ROOT + "buffer-size", 64, Math.min(65535, maxPacket - UnetWire.HEADER_BYTES));
        int free = r.intIn(ROOT + "free-queue", 1, 4096);
        long segment = r.bytes(ROOT + "segment", (long) buffer * (free + 1), 1L << 30);
        String dma = r.string(ROOT + "host-dma");
        if (!dma.equals("streaming") && !dma.equals("consistent")) {
            throw r.bad(ROOT + "host-dma", "expected streaming or consistent, got '" + dma + "'");
        }
        return new UnetSettings(stack, r.bool(StackEntry.key(stack, "tlb")),
                r.bool(StackEntry.key(stack, "interrupts")), segment, buffer,
                (int) r.bytes(ROOT + "inline-bytes", 0, 255), r.intIn(ROOT + "send-queue", 1, 4096), free,
                r.intIn(ROOT + "recv-queue", 1, 4096), r.intIn(ROOT + "channels", 1, 65535),
                r.intIn(ROOT + "sram-send-buffers", 1, 64), r.intIn(ROOT + "sram-recv-buffers", 1, 64),
                r.intIn(ROOT + "descriptor-words", 1, 64), r.intIn(ROOT + "consume-words", 1, 64),
                r.intIn(ROOT + "syscall-cycles", 0, 10_000_000), dma.equals("streaming"), FirmwareSteps.read(r),
                HostSteps.read(r), TranslationSettings.read(r), profile);
    }

    /** Where the free buffers lie in the segment: its first {@code freeQueue} buffers. */
    long bufferOffset(int buffer) {
        return (long) buffer * bufferSize;
    }

    /** U-Net never resends: a run with faults needs no time after its traffic. */
    @Override
    public long settlePs() {
        return 0;
    }
}
