package org.nowemu.protocol.parts.translation;

import java.util.List;

/**
 * What translating one transfer's buffer takes.
 *
 * @param pages   pages the buffer touches
 * @param pinned  pages pinned for it (first uses; a NIC TLB miss pins the page in the kernel's handler)
 * @param misses  NIC lookups that missed (NIC_TLB, UTLB); 0 for the choices the NIC never looks up
 * @param library the host library's steps when it hands the transfer to the NIC, in order
 * @param nic     the NIC's steps before it moves the data, in order, with the host kernel's work for a TLB miss
 */
public record Translated(int pages, int pinned, int misses, List<Step> library, List<Step> nic) {
    public Translated {
        library = List.copyOf(library);
        nic = List.copyOf(nic);
    }
}
