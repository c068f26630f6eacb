package org.nowemu.hardware.profile;

import org.nowemu.actors.config.ConfigReader;

/**
 * The NIC of a profile ({@code nowemu.hardware.profiles.<p>.nic}): a LANai processor, its SRAM and its three
 * DMA engines.
 *
 * @param lanai              the processor clock that firmware is charged in
 * @param sramBytes          SRAM capacity
 * @param sramReserved       SRAM taken by the firmware code and fixed state before any allocation
 * @param endpointFrames     endpoint frames the SRAM holds (used by the protocol layer)
 * @param hostDmaStartup     host DMA start-up per transfer (LANai cycles)
 * @param sendDmaStartup     network-send DMA start-up per packet (LANai cycles)
 * @param recvDmaStartup     network-receive DMA start-up per packet (LANai cycles)
 * @param sendDmaRate        SRAM-to-link rate of the send DMA (the link rate caps it)
 * @param recvDmaRate        link-to-SRAM rate of the receive DMA
 * @param maxPacketBytes     largest packet body (after the route) the receive DMA takes whole
 */
public record NicSettings(Clock lanai, long sramBytes, long sramReserved, int endpointFrames, int hostDmaStartup,
                          int sendDmaStartup, int recvDmaStartup, Rate sendDmaRate, Rate recvDmaRate, int maxPacketBytes) {
    static NicSettings read(ConfigReader r, String prefix) {
        long sram = r.bytes(prefix + "sram", 1024, 1L << 30);
        long reserved = r.bytes(prefix + "sram-reserved", 0, sram);
        return new NicSettings(new Clock(r.hertz(prefix + "lanai-clock")), sram, reserved,
                r.intIn(prefix + "endpoint-frames", 1, 1024),
                r.intIn(prefix + "host-dma-startup-cycles", 1, 1_000_000),
                r.intIn(prefix + "send-dma-startup-cycles", 1, 1_000_000),
                r.intIn(prefix + "recv-dma-startup-cycles", 1, 1_000_000),
                new Rate(r.bytesPerSecond(prefix + "send-dma-rate")),
                new Rate(r.bytesPerSecond(prefix + "recv-dma-rate")),
                (int) r.bytes(prefix + "max-packet", 16, 1 << 20));
    }
}
