package org.nowemu.protocol.am.vn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.protocol.am.AmError;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.nic.HostEntry;
import org.nowemu.protocol.am.parts.channels.Channel;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.am.wire.Header;

/**
 * A message that waits for a channel behind packets to a destination that never answers uses up its retries while
 * it waits. NIC 0's endpoint 0 (thread 10) sends requests to NIC 1, which answers nothing; K = 4 request channels,
 * max-retries 3, the 10 ms quantum and 2 timeout ticks: a timeout is 20 ms, and the give-up time
 * ({@link StackSettings#giveUpPs}) is (3 + 2) x 20 = 100 ms.
 *
 * <p>By hand: requests 100..103 take the four channels at 0 and the timer starts, ticking every 10 ms. Each is sent
 * again at the 2nd, 4th and 6th ticks (20, 40, 60 ms: 3 retries), and at the 8th (80 ms) it has used its 3 and
 * comes back as unreachable. Request 104 has waited for a channel since 0, request 105 since 30 ms. At 80 ms the
 * first channel to give up serves them: 104 has waited 80 ms, 4 whole timeouts, more than max-retries, so it comes
 * back at once without being sent (as it would have at 80 ms on a channel of its own); 105 has waited 50 ms, 2
 * timeouts, so it takes the channel with 2 retries used: sent at 80 ms, sent again at 100 ms (its 3rd), back at
 * 120 ms, 90 ms after it reached the NIC. Before the wait counted, 104 and 105 took channels at 80 ms with no retry
 * used and came back at 160 ms, 160 and 130 ms after they reached the NIC, beyond the give-up time that a run
 * with faults waits for before it closes its ledger.
 */
class WaitingGiveUpTest extends VnFirmwareBench {
    private static final long MS = VirtualTime.MS;

    WaitingGiveUpTest() {
        super("nowemu.protocol.transport.max-retries = 3");
    }

    /** Each doorbell written and everything it starts (DMAs, timers due now) run out. */
    @Override
    void write(Doorbell d) {
        super.write(d);
        nic.settle(fw);
    }

    private void request(long id) {
        write(new Doorbell.Send(0, false, 0, 0, 0, 0, 1, new int[] {(int) id}, new byte[0], -1, id, 0));
    }

    private List<Long> returned() {
        List<Long> out = new ArrayList<>();
        for (HostEntry.Delivery d : returnedDeliveries()) {
            assertEquals(AmError.UNREACHABLE.code(), d.error());
            out.add(d.msgId());
        }
        return out;
    }

    /** Transmissions of message {@code id} so far. */
    private long transmissions(long id) {
        return nic.sent.stream().filter(p -> Header.decode(p.body()).msgId() == id).count();
    }

    @Test
    void aMessageWaitingBehindSilentChannelsComesBackWithinTheGiveUpTimeOfReachingTheNic() {
        assertEquals(100 * MS, stack.giveUpPs());
        fw.start(nic);
        openAndMap(true); // the settling write has completed the load's DMA before the map
        for (long id = 100; id <= 104; id++) {
            request(id);
        }
        assertEquals(4, nic.sent.size(), "four on the wire");
        assertEquals(1, nic.count("vn.channel_waits"), "104 waits");
        nic.runUntil(fw, 30 * MS);
        request(105);
        assertEquals(2, nic.count("vn.channel_waits"), "105 waits too");

        nic.runUntil(fw, 80 * MS - 1);
        assertTrue(returned().isEmpty(), "nothing back before 80 ms");
        assertEquals(4 + 4 * 3, nic.sent.size(), "each of the four sent and resent 3 times");

        nic.runUntil(fw, 80 * MS);
        assertEquals(List.of(100L, 104L, 101L, 102L, 103L), returned(),
                "the four given up, 104 back with the first as soon as it would have taken its channel");
        assertEquals(1, nic.count("vn.expired_waiting"));
        assertEquals(0, transmissions(104), "104 was never sent");
        assertEquals(1, transmissions(105), "105 took a channel");
        Channel ch = fw.channels().get(1, 0);
        assertTrue(ch.busy);
        assertEquals(105, ch.packet.msgId());
        assertEquals(2, ch.retries, "with the 2 timeouts it waited used");

        nic.runUntil(fw, 120 * MS - 1);
        assertEquals(2, transmissions(105), "sent again at 100 ms");
        assertEquals(5, returned().size());

        nic.runUntil(fw, 120 * MS);
        assertEquals(List.of(100L, 104L, 101L, 102L, 103L, 105L), returned());
        assertFalse(fw.channels().anyUnacked());
        assertTrue(fw.channels().waiting(1, false).isEmpty());
        assertEquals(6, nic.count("vn.returned.unreachable"), "each once");
    }
}
