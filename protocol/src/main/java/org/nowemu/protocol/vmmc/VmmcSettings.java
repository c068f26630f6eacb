package org.nowemu.protocol.vmmc;

import java.util.Set;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.reliability.Reliability;
import org.nowemu.protocol.parts.reliability.ReliabilitySettings;
import org.nowemu.protocol.parts.steps.FirmwareSteps;
import org.nowemu.protocol.parts.steps.HostSteps;
import org.nowemu.protocol.parts.translation.TranslationChoice;
import org.nowemu.protocol.parts.translation.TranslationSettings;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.system.SystemSettings;

/**
 * VMMC as one stack runs it ({@code interrupts}) and what every VMMC stack shares ({@code nowemu.protocol.vmmc}).
 *
 * @param name            the stack
 * @param interrupts      the receiver waits for notifications by interrupt (a user-level signal, P14), not polling
 * @param sendQueue       send requests the command page holds
 * @param notifyQueue     notification-queue entries in host memory
 * @param exports         exports a NIC's incoming page table holds
 * @param imports         imports (outgoing proxies) a NIC holds
 * @param sramSendBuffers SRAM packet buffers on the send side
 * @param sramRecvBuffers SRAM packet buffers posted to the receive DMA
 * @param requestWords    words of a send request written by PIO (import, offset, address, length, notify, doorbell)
 * @param returnWords     words the host writes to give a notification entry back
 * @param syscallCycles   a trap into the kernel (export) or to the import daemon (host cycles)
 * @param streamingDma    the host DMA mode the NIC uses (else consistent)
 * @param firmware        firmware step costs
 * @param host            library step costs
 * @param translation     the translation part's sizes and costs (the NIC's software TLB)
 * @param profile         the hardware (page size, pinning and interrupt costs)
 * @param translationChoice how send addresses are translated: the NIC's software TLB (VMMC) or the UTLB (VMMC-2)
 * @param reliability     back-pressure (VMMC) or ACK/NACK with retransmission on the NIC (VMMC-2)
 * @param rel             the reliability part's settings (VMMC-2: with its own window, {@code vmmc2.window})
 */
public record VmmcSettings(String name, boolean interrupts, int sendQueue, int notifyQueue, int exports,
                           int imports, int sramSendBuffers, int sramRecvBuffers, int requestWords, int returnWords,
                           int syscallCycles, boolean streamingDma, FirmwareSteps firmware, HostSteps host,
                           TranslationSettings translation, HardwareProfile profile,
                           TranslationChoice translationChoice, Reliability reliability, ReliabilitySettings rel)
        implements SystemSettings {
    static final String ROOT = "nowemu.protocol.vmmc.";

    /** Stack {@code stack} (of system vmmc or vmmc2: {@code root} is the shared section) on {@code profile}. */
    public static VmmcSettings read(ConfigReader r, String stack, HardwareProfile profile, String root,
                                    Set<String> options, TranslationChoice choice, Reliability reliability) {
        StackEntry.only(r, stack, options);
        String dma = r.string(root + "host-dma");
        if (!dma.equals("streaming") && !dma.equals("consistent")) {
            throw r.bad(root + "host-dma", "expected streaming or consistent, got '" + dma + "'");
        }
        return new VmmcSettings(stack, r.bool(StackEntry.key(stack, "interrupts")),
                r.intIn(root + "send-queue", 1, 4096), r.intIn(root + "notify-queue", 1, 4096),
                r.intIn(root + "exports", 1, 65535), r.intIn(root + "imports", 1, 65535),
                r.intIn(root + "sram-send-buffers", 1, 64), r.intIn(root + "sram-recv-buffers", 1, 64),
                r.intIn(root + "request-words", 1, 64), r.intIn(root + "return-words", 1, 64),
                r.intIn(root + "syscall-cycles", 0, 10_000_000), dma.equals("streaming"), FirmwareSteps.read(r),
                HostSteps.read(r), TranslationSettings.read(r), profile, choice, reliability,
                reliability == Reliability.ACK_NACK ? window(ReliabilitySettings.read(r), r.intIn(root + "window", 1,
                        1024)) : ReliabilitySettings.read(r));
    }

    /** The reliability part's settings with this system's own window (its store is per destination). */
    private static ReliabilitySettings window(ReliabilitySettings p, int window) {
        return new ReliabilitySettings(window, p.nackBackoffPs(), p.timeoutPs(), p.maxRetries(), p.nicCredits(),
                p.creditThreshold(), p.keepCycles(), p.controlCycles());
    }

    /** The largest packet's data: a page (packets are cut at the local buffer's page boundaries). */
    int maxPacketData() {
        return (int) profile.host().pageSize();
    }

    /** VMMC never resends; VMMC-2 gives a destination up after max-retries timeouts of silence. */
    @Override
    public long settlePs() {
        return reliability.recovers() ? (rel.maxRetries() + 2L) * rel.timeoutPs() : 0;
    }
}
