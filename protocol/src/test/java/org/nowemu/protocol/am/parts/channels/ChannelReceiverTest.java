package org.nowemu.protocol.am.parts.channels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.protocol.am.AmError;
import org.nowemu.protocol.am.parts.endpoints.EndpointTable;
import org.nowemu.protocol.am.parts.restart.Lives;
import org.nowemu.protocol.am.parts.sendpath.SendPath;
import org.nowemu.protocol.am.wire.Header;
import org.nowemu.protocol.parts.channels.ReceiveChannels;
import org.nowemu.protocol.parts.dma.HostDmas;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.parts.routing.RoutingTable;
import org.nowemu.protocol.support.FakeNic;

/**
 * The receiving side of the channels on NIC 0, from NIC 1 (route {3}) and NIC 2 (no route back): K = 1, so
 * channels 0 and 1 exist. Admitting costs 20 cycles, an answer 130.
 */
class ChannelReceiverTest {
    private final FakeNic nic = new FakeNic(null);
    private final SendPath path = new SendPath(nic, new EndpointTable(1), new HostDmas(nic), false, true, 62,
            p -> "loopback", org.nowemu.protocol.am.stack.SensitivityKnobs.NONE, -1);
    private final ChannelReceiver receiver = new ChannelReceiver(nic, new ReceiveChannels(3, 1), new Lives(),
            new RoutingTable(Routes.of(new byte[][] {null, {3}, null})), path, 20, 130);

    private static Header data(int src, int channel, int seq, int epoch) {
        return new Header(Header.DATA, false, channel, seq, epoch, 0, 1, src, 0, 0, 7, 7, 1L, 0, -1, new int[0],
                new byte[0]);
    }

    private Header lastAnswer() {
        path.drain();
        return Header.decode(nic.sent.get(nic.sent.size() - 1).body());
    }

    /**
     * The first packet of a channel is new whatever its bit (1 here); once taken, the same bit again is a
     * duplicate, not taken: while the original's entry is on its way to host memory it gets no answer (its own ACK
     * comes when the entry lands, and an ACK now would say "delivered" too early); once that ACK has gone, a
     * duplicate is acknowledged again (the first ACK may have been lost). The other bit is new. A packet of a new
     * epoch (the sender reset the channel) is new whatever its bit; a channel outside the table is dropped. Cycles:
     * 7 admissions at 20, 2 ACKs at 130.
     */
    @Test
    void theExpectedBitOrANewEpochIsNewAndADuplicateIsAcknowledgedAgain() {
        assertTrue(receiver.admit(data(1, 0, 1, 0)));
        receiver.accept(data(1, 0, 1, 0));
        assertFalse(receiver.admit(data(1, 0, 1, 0)));
        assertEquals(1, nic.count("vn.duplicates_in_delivery"));
        assertTrue(path.drain());
        assertEquals(0, nic.sent.size(), "no answer while the original is being delivered");
        receiver.delivered(data(1, 0, 1, 0));
        assertFalse(receiver.admit(data(1, 0, 1, 0)));
        assertEquals(2, nic.count("vn.duplicates"));
        assertEquals(1, nic.count("vn.duplicates_in_delivery"));
        Header ack = lastAnswer();
        assertEquals(2, nic.sent.size(), "the original's ACK, then the duplicate's");
        assertEquals(Header.ACK, ack.type());
        assertEquals(0, ack.status());
        assertEquals(1, ack.seq());
        assertEquals(0, ack.channel());
        assertEquals(0, ack.srcNic(), "from this NIC");
        assertEquals(3, nic.sent.get(0).route()[0], "back along the route to NIC 1");

        assertTrue(receiver.admit(data(1, 0, 0, 0)));
        assertTrue(receiver.admit(data(1, 1, 0, 0)), "channel 1 has its own bit");
        assertTrue(receiver.admit(data(1, 0, 1, 1)), "epoch 1 starts afresh");
        assertFalse(receiver.admit(data(1, 2, 0, 0)));
        assertEquals(1, nic.count("vn.dropped.bad_channel"));
        assertEquals(7 * 20 + 2 * 130, nic.cycles);
    }

    /**
     * A message refused for good (its endpoint closed: BAD_ENDPOINT) whose refusal was lost is sent again: the
     * retransmission is a duplicate, and it gets the same refusal, not an ACK saying it was delivered (which would
     * leave its sender believing a message nobody handled was handled).
     */
    @Test
    void aDuplicateOfARefusedMessageIsRefusedAgain() {
        Header h = data(1, 1, 0, 0);
        assertTrue(receiver.admit(h));
        receiver.refuse(h, AmError.BAD_ENDPOINT.code());
        assertEquals(AmError.BAD_ENDPOINT.code(), lastAnswer().status());
        assertFalse(receiver.admit(h));
        Header again = lastAnswer();
        assertEquals(2, nic.sent.size());
        assertEquals(Header.ACK, again.type());
        assertEquals(AmError.BAD_ENDPOINT.code(), again.status());
        assertEquals(1, nic.count("vn.duplicates"));
    }

    /** An answer to a NIC with no route back is dropped (and a NACK is not counted as an ACK sent). */
    @Test
    void anAnswerWithNoRouteBackIsDropped() {
        receiver.answer(data(2, 0, 0, 0), Header.NACK, 0);
        assertTrue(path.drain());
        assertEquals(0, nic.sent.size());
        assertEquals(1, nic.count("vn.dropped.no_route_back"));
        assertEquals(0, nic.count("vn.acks_sent"));
    }
}
