package org.nowemu.workloads.hosttransfer;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The survey's host-to-NIC transfer mechanisms (its Figure 3), each moving a host buffer into NIC SRAM through the
 * emulated hardware.
 */
enum Mechanism {
    /** Programmed I/O, a bus transaction per word (uncached, no combining). */
    PIO("pio"),
    /** Programmed I/O with write combining: the CPU sends 32-byte lines as bursts. */
    PIO_WC("pio-wc"),
    /** A copy into a pinned DMA area, then one DMA from it (translation: DMA areas). */
    DMA_COPY("dma-copy"),
    /** Cache-coherent DMA straight from the user's pages, pinned on demand and cached (the user translates). */
    DMA_PIN("dma-pin"),
    /** DMA from the user's pages through a software TLB on the NIC, every page a miss (fresh buffers). */
    DMA_MISS("dma-miss");

    final String key;

    Mechanism(String key) {
        this.key = key;
    }

    static Mechanism of(String key) {
        for (Mechanism m : values()) {
            if (m.key.equals(key)) {
                return m;
            }
        }
        return null;
    }

    static String names() {
        return Arrays.stream(values()).map(m -> m.key).collect(Collectors.joining(", "));
    }
}
