package org.nowemu.protocol.system;

import java.util.List;

/**
 * Where a communication system stands in the survey's design space (systems §14): one short phrase per
 * column, declared by the system next to the parts it composes, so that {@code ./nowemu list} and the compare
 * report print the table from the registry rather than from a copy of it.
 *
 * @param dataTransfer how message data crosses from host to NIC ("PIO", "DMA", "PIO & DMA")
 * @param translation how the NIC learns physical addresses ("DMA areas", "software TLB on NIC", ...)
 * @param protection whether processes are protected from each other ("yes", "no")
 * @param controlTransfer how the host learns of arrivals ("polling", "polling + interrupts", ...)
 * @param reliability what the system promises and how ("reliable: host-level credits", "unreliable", ...)
 * @param multicast how a message reaches many hosts ("none", "repeated sends", "NIC tree forwarding")
 */
public record DesignChoices(String dataTransfer, String translation, String protection, String controlTransfer,
        String reliability, String multicast) {

    /** The column headings, in the order of {@link #cells()}. */
    public static final List<String> COLUMNS = List.of("data transfer", "translation", "protection",
            "control transfer", "reliability", "multicast");

    public DesignChoices {
        for (String c : List.of(dataTransfer, translation, protection, controlTransfer, reliability, multicast)) {
            if (c == null || c.isBlank()) {
                throw new IllegalArgumentException("every design choice needs a phrase");
            }
        }
    }

    /** The six phrases, in the order of {@link #COLUMNS}. */
    public List<String> cells() {
        return List.of(dataTransfer, translation, protection, controlTransfer, reliability, multicast);
    }
}
