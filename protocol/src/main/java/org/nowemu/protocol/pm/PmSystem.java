package org.nowemu.protocol.pm;

import java.util.Set;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.basic.Basic;
import org.nowemu.protocol.basic.BasicFirmware;
import org.nowemu.protocol.basic.BasicProcess;
import org.nowemu.protocol.basic.BasicProgram;
import org.nowemu.protocol.basic.BasicSettings;
import org.nowemu.protocol.basic.BasicSystem;
import org.nowemu.protocol.parts.reliability.RelFrame;
import org.nowemu.protocol.parts.reliability.Reliability;
import org.nowemu.protocol.parts.system.OneProcessSystem;
import org.nowemu.protocol.system.Assumptions;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.StackEntry;

/**
 * PM ({@code system = pm}, stack {@code pm}; systems §7): the staged-DMA control program and library of
 * the basic protocol ({@link BasicFirmware}, {@link BasicProcess}) composed PM's way: the program builds each
 * packet in its buffer of the pinned send area and the NIC fetches it by DMA (no library copy); variable-sized
 * packets up to {@code nowemu.protocol.pm.max-packet}; the channel's receive ring in pinned host memory, polled;
 * ACK/NACK with retransmission on the NIC ({@code parts/reliability}, {@code ack-nack}: the receiver discards a
 * packet it has no room for and NACKs it, the sender goes back and resends, in order); multicast by the NIC's
 * multisend. One channel per process, one process per NIC: no network context switch (gang scheduling) and no
 * software TLB yet (the send area is pinned at open; PM's pin-down cache for zero-copy sends is not composed).
 */
public final class PmSystem extends OneProcessSystem<BasicSettings, PmProgram> {
    public static final PmSystem INSTANCE = new PmSystem();
    static final String ROOT = "nowemu.protocol.pm.";

    private PmSystem() {
        super(BasicSystem.onEngine("pm", PmProgram.class,
                "PM: DMA from a pinned send area, channel receive ring, ACK/NACK retransmission on the NIC, multisend",
                new DesignChoices("DMA", "DMA areas (pinned send area; software TLB not composed)",
                "no (one channel, no gang scheduling)", "polling", "reliable: ACK/NACK on NI", "multisend on NI"),
                IdSystem.PM, PmSystem::read, (s, program) -> new OverBasic(program))
                .messenger((s, maxBytes, body) -> new PmMessenger.Program(body))
                .assumes(Assumptions.stateInNic("PM's ACK/NACK protocol keeps its sequence numbers and"
                        + " unacknowledged packets in NIC memory (Tezuka et al., PM, 1997)"))
                .describe((r, stack) -> "packets of up to " + r.config().getMemorySize(ROOT + "max-packet").toBytes()
                        + " B, ACK/NACK (nowemu.protocol.reliability); shared settings nowemu.protocol.pm"));
    }

    /** A PM program run on the basic protocol's library. */
    private record OverBasic(PmProgram program) implements BasicProgram {
        @Override
        @continuable
        public void run(Basic b) {
            program.run(new Pm(b));
        }
    }

    private static BasicSettings read(ConfigReader r, String stack, HardwareProfile profile) {
        StackEntry.only(r, stack, Set.of());
        int headers = 8 + RelFrame.HEADER_BYTES;
        int max = (int) r.bytes(ROOT + "max-packet", 4 + headers, profile.nic().maxPacketBytes());
        return BasicSettings.engine(r, ROOT, stack, max - headers, Reliability.ACK_NACK,
                new BasicSettings.Variant(false, 0, 0, true));
    }
}
