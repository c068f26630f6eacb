package org.nowemu.workloads.hosttransfer;

import java.util.List;
import org.nowemu.protocol.parts.translation.Step;

/** What the transfer program and the NIC write into each other's memory. */
final class TransferWire {
    private TransferWire() {
    }

    /** The program's thread introduces itself to the NIC. */
    record Init() {
    }

    /** The last word of a PIO transfer has landed in SRAM. */
    record PioDone(int id) {
    }

    /**
     * A doorbell: fetch a transfer by DMA, one DMA per physically contiguous piece, after the NIC's translation steps.
     */
    record Fetch(int id, List<Integer> pieces, List<Step> nicSteps) {
    }

    /** The NIC interrupts the host: a TLB miss; the kernel pins {@code pages} and installs the entry. */
    record MissInterrupt(int pages, int installWords) {
    }

    /** The kernel has written the missing entry into the NIC's TLB. */
    record Installed() {
    }

    /** The transfer is in SRAM (the completion word, by DMA). */
    record Done(int id) {
    }
}
