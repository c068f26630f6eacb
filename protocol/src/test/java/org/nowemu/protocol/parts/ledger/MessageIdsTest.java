package org.nowemu.protocol.parts.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.actors.runtime.LedgerIds;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;
import org.nowemu.protocol.system.Stack;
import org.nowemu.protocol.system.SystemCluster;

/** The id layout's widths, checked when the model is built, and a sequence that outgrows its field. */
class MessageIdsTest {

    /** 65,536 hosts and 65,535 endpoints (the most max-endpoints allows) fit; one host or endpoint more does not. */
    @Test
    void theWidthsAreCheckedWhenTheModelIsBuilt() {
        MessageIds.check(65_536, 65_535);
        MessageIds.check(65_536, 65_536);
        assertEquals("nowemu.topology: 65537 hosts; message ids name at most 65536 (16 bits for a host)",
                assertThrows(BadInputException.class, () -> MessageIds.check(65_537)).getMessage());
        assertEquals("nowemu.protocol.max-endpoints: 65537; message ids name at most 65536 endpoints a host",
                assertThrows(BadInputException.class, () -> MessageIds.check(2, 65_537)).getMessage());
    }

    /**
     * A cluster of 65,538 hosts (a chain of 10,923 switches with 6 hosts each) is refused by every system before
     * anything is built for it, in one line: the AM-II stack on host 0 and the others' alike.
     */
    @Test
    void aClusterTooLargeForTheIdsIsBadInputBeforeAnythingRuns() {
        ConfigReader r = AmNets.config("nowemu.topology { name = chain, chain { switches = 10923, "
                + "hosts-per-switch = 6 } }");
        Topology t = AmNets.topology(r);
        assertEquals(65_538, t.hosts().size());
        for (String name : List.of("amii", "basic", "fm2", "mpi-fm2", "bip", "lfc", "vmmc2", "unet")) {
            Stack<?, ?> s = Systems.stack(r, name);
            BadInputException e = assertThrows(BadInputException.class, () -> SystemCluster.build(t,
                    AmNets.profile(r), h -> s, h -> List.of(), Failures.none()), name);
            assertEquals("nowemu.topology: 65538 hosts; message ids name at most 65536 (16 bits for a host)",
                    e.getMessage(), name);
        }
    }

    /**
     * A sequence that would not fit fails the sender, naming the limit, instead of wrapping to an id already used:
     * 2^28 messages from one host to another, or, for AM with 256 endpoints (8 bits), 2^20 from one endpoint to
     * one host. The last that fits is the field full of ones.
     */
    @Test
    void aSequenceThatOutgrowsItsFieldFailsTheSenderInsteadOfWrapping() {
        long last = MessageIds.of(IdSystem.FM, 1, 2, (1L << 28) - 1);
        assertEquals((1L << 28) - 1, last & ((1L << 28) - 1));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> MessageIds.of(IdSystem.FM, 1, 2, 1L << 28));
        assertEquals("ledger ids: fm message 268435456 from h1 to h2 has no id: the 28-bit sequence numbers "
                + "268435456 messages from one host to another", e.getMessage());
        int bits = MessageIds.endpointBits(256);
        long am = MessageIds.of(IdSystem.AM, 1, 255, bits, 2, (1L << 20) - 1);
        assertEquals(2, LedgerIds.destination(am));
        e = assertThrows(IllegalStateException.class, () -> MessageIds.of(IdSystem.AM, 1, 255, bits, 2, 1L << 20));
        assertEquals("ledger ids: am message 1048576 from h1.ep255 to h2 has no id: with endpoint indices of 8 bits "
                + "(the stack's max-endpoints) the sequence numbers 1048576 messages from one endpoint to one host "
                + "(fewer endpoints leave it more)", e.getMessage());
    }
}
