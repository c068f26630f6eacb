package org.nowemu.hardware.host;

/** What the I/O bus carries: programmed I/O by a host thread, or a DMA transfer by the NIC's host DMA engine. */
public sealed interface BusRequest {
    /**
     * A host thread's programmed I/O into (write) or out of (read) NIC memory, word by word.
     *
     * @param write   write (true) or read (false)
     * @param words   4-byte words
     * @param payload for a write, what lands in NIC memory (delivered to the NIC processor as a HostWrite)
     * @param tag     echoed to the thread in {@link PioDone} or {@link PioStarted}
     * @param posted  a write the CPU left in its write buffer: the bus tells the thread when it starts crossing
     *                ({@link PioStarted}), from which the thread knows when each word has crossed; otherwise the
     *                bus tells it when the whole transfer is done ({@link PioDone})
     */
    record Pio(boolean write, int words, Object payload, long tag, boolean posted) implements BusRequest {
    }

    /**
     * A DMA transfer between host memory and NIC SRAM.
     *
     * @param toHost     direction
     * @param bytes      size
     * @param streaming  streaming or consistent mode
     * @param hostTarget for a transfer to the host: the component that sees the memory written, or -1
     * @param payload    what it sees
     */
    record Dma(boolean toHost, int bytes, boolean streaming, int hostTarget, Object payload) implements BusRequest {
    }

    /** The bus tells a thread its PIO has completed. */
    record PioDone(long tag) {
    }

    /**
     * The bus tells a thread that its posted write {@code tag} took the bus at virtual time {@code atPs}; its words
     * then cross back to back ({@code BusSettings.pioWriteDrained}), nothing passes them.
     */
    record PioStarted(long tag, long atPs) {
    }

    /** The bus tells the host DMA engine its transfer has completed. */
    record DmaDone() {
    }

    /** Host memory written by a DMA transfer from the NIC, as the host component sees it. */
    record DmaWrite(Object payload) {
    }
}
