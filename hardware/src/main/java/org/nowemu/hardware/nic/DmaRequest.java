package org.nowemu.hardware.nic;

/**
 * A transfer for the NIC's host DMA engine, across the I/O bus between host memory and NIC SRAM.
 *
 * @param toHost     direction: NIC SRAM to host memory (true) or host memory to SRAM (false)
 * @param bytes      size
 * @param streaming  streaming DMA (flush per transfer, better rate) or consistent DMA
 * @param tag        echoed in {@link NicEvent.DmaDone}
 * @param hostTarget for transfers to the host: the host component that sees the written memory, or -1
 * @param payload    for transfers to the host: what it sees (delivered when the transfer completes), or null
 */
public record DmaRequest(boolean toHost, int bytes, boolean streaming, long tag, int hostTarget, Object payload) {
    public DmaRequest {
        if (bytes < 0) {
            throw new IllegalArgumentException("DMA of " + bytes + " bytes");
        }
    }

    public static DmaRequest fromHost(int bytes, boolean streaming, long tag) {
        return new DmaRequest(false, bytes, streaming, tag, -1, null);
    }

    public static DmaRequest toHost(int bytes, boolean streaming, long tag, int hostTarget, Object payload) {
        return new DmaRequest(true, bytes, streaming, tag, hostTarget, payload);
    }
}
