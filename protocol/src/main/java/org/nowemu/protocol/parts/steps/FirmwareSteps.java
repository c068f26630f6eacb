package org.nowemu.protocol.parts.steps;

import org.nowemu.actors.config.ConfigReader;

/**
 * LANai cycles of the elementary firmware steps the comparison systems' control programs are made of
 * ({@code nowemu.protocol.steps.firmware}, the survey's P16), shared by default: a system's per-packet work is a sum
 * of these steps, so that a system is cheaper or dearer on the NIC by doing more or fewer steps, not by a cost of its
 * own. The exception is a control program written differently: BIP's, hand-written in LANai assembly, carries its
 * own table ({@code nowemu.protocol.bip.firmware}, with its reasoning), fitted to BIP's latency target, so BIP's
 * figures count as calibrated, not reproduced (calibration §5.3).
 *
 * @param poll       one look of the dispatch loop at a queue or flag that finds work
 * @param descriptor reading and decoding a descriptor (or a send slot's header) in SRAM
 * @param route      a routing-table lookup
 * @param header     building a packet header
 * @param dma        setting up and starting one DMA (host, send)
 * @param flag       writing a flag in SRAM (an entry free)
 * @param receive    decoding a received packet's header and choosing what to do with it
 */
public record FirmwareSteps(int poll, int descriptor, int route, int header, int dma, int flag, int receive) {
    public static final String PREFIX = "nowemu.protocol.steps.firmware.";

    public static FirmwareSteps read(ConfigReader r) {
        return read(r, PREFIX);
    }

    /** The same steps from a system's own table at {@code prefix} (a hand-coded control program's, say). */
    public static FirmwareSteps read(ConfigReader r, String prefix) {
        return new FirmwareSteps(c(r, prefix, "poll"), c(r, prefix, "descriptor"), c(r, prefix, "route"),
                c(r, prefix, "header"), c(r, prefix, "dma"), c(r, prefix, "flag"), c(r, prefix, "receive"));
    }

    private static int c(ConfigReader r, String prefix, String step) {
        return r.intIn(prefix + step + "-cycles", 0, 1_000_000);
    }
}
