package org.nowemu.protocol.vmmc2;

import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.protocol.parts.reliability.Reliability;
import org.nowemu.protocol.parts.system.OneProcessSystem;
import org.nowemu.protocol.parts.translation.TranslationChoice;
import org.nowemu.protocol.system.Assumptions;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.vmmc.VmmcProgram;
import org.nowemu.protocol.vmmc.VmmcSettings;
import org.nowemu.protocol.vmmc.VmmcSystem;

/**
 * VMMC-2 ({@code system = vmmc2}, systems §9): VMMC's firmware and library ({@code protocol.vmmc}) composed
 * with the UTLB ({@code parts/translation} utlb: the library pins a page on its first use and writes its entry in a
 * table in host memory, the NIC caches entries and fetches a missing one by DMA) and with ACK/NACK retransmission on
 * the NIC ({@code parts/reliability} ack-nack: a packet the receiver has no notification entry for is dropped and
 * NACKed, and the sender resends it from its SRAM store), in place of VMMC's software TLB and back-pressure.
 * Programs are VMMC programs; {@code Vmmc.redirect} posts a user buffer for a range of an export (transfer
 * redirection: data for it lands there, or is copied out of the staging pages if it came first).
 */
public final class Vmmc2System extends OneProcessSystem<VmmcSettings, VmmcProgram> {
    public static final Vmmc2System INSTANCE = new Vmmc2System();

    static final String ROOT = "nowemu.protocol.vmmc2.";

    private Vmmc2System() {
        super(VmmcSystem.spec("vmmc2", IdSystem.VMMC2, ROOT, TranslationChoice.UTLB, Reliability.ACK_NACK,
                "VMMC-2: VMMC with a user-managed TLB cached on the NIC and retransmission by the NIC",
                new DesignChoices("DMA", "UTLB in host memory, cached on NIC", "yes", "polling + interrupts",
                "reliable: ACK/NACK, retransmission on NIC", "none"))
                .assumes(Assumptions.stateInNic("VMMC-2 retransmits from the NIC, which keeps the unacknowledged"
                        + " packets and the sequence numbers in its memory (Dubnicki et al., VMMC-2, 1997)")));
    }
}
