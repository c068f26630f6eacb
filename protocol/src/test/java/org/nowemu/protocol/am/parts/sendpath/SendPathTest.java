package org.nowemu.protocol.am.parts.sendpath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.parts.channels.Channel;
import org.nowemu.protocol.am.parts.channels.SendChannels;
import org.nowemu.protocol.am.parts.endpoints.EndpointFrame;
import org.nowemu.protocol.am.parts.endpoints.EndpointTable;
import org.nowemu.protocol.am.stack.SensitivityKnobs;
import org.nowemu.protocol.am.wire.Header;
import org.nowemu.protocol.parts.dma.HostDmas;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.FakeNic;

/**
 * The send path on NIC 0, driven step by step: endpoint 0 sends 64-byte medium messages to NIC 1 (route {3}); a
 * data packet costs 62 cycles. Store-and-forward holds the path from a message's host DMA until its tail has left;
 * pipelining does not.
 */
class SendPathTest {
    private static final byte[] ROUTE = {3};

    private final FakeNic nic = new FakeNic(HardwareProfile.read(AmNets.config("")).nic());
    private final HostDmas dmas = new HostDmas(nic);
    private final EndpointTable endpoints = new EndpointTable(4);

    SendPathTest() {
        endpoints.put(new EndpointFrame(new Doorbell.Open(0, 7, 10, false, 1, 11), 4));
    }

    private SendPath path(boolean pipeline) {
        return new SendPath(nic, endpoints, dmas, pipeline, true, 62, p -> "loopback " + p.id(),
                SensitivityKnobs.NONE, -1);
    }

    private static Header medium(long id, int dest) {
        return new Header(Header.DATA, false, 0, 0, 0, 0, 1, 0, 0, 0, 7, 7, id, 0, -1, new int[0], new byte[64], dest,
                0, 0);
    }

    private void completeDma(int index) {
        dmas.done(nic.dmaLog.get(index).tag());
    }

    private long sentId(int index) {
        return Header.decode(nic.sent.get(index).body()).msgId();
    }

    /**
     * Message 1 starts: its data DMA begins and the path is held. An ACK queued meanwhile still goes at once;
     * message 2, which got its channel meanwhile, waits. Message 1's data in: it goes on the wire (62 cycles), and
     * the path stays held until its tail has left; only then does message 2's DMA start.
     */
    @Test
    void storeAndForwardTakesOneMessageFromHostDmaToWireAtATime() {
        SendPath path = path(false);
        path.send(medium(1, 1), ROUTE, 1, null);
        assertEquals(1, nic.dmaLog.size());
        assertEquals(1, endpoints.at(0).inFetch, "its data is crossing the bus");
        path.queue(medium(2, 1), ROUTE, 1, null);
        path.control(1, ROUTE, medium(9, 1).answer(Header.ACK, 0, 0));
        assertFalse(path.drain(), "held by message 1");
        assertEquals(1, nic.sent.size(), "the ACK did not wait");

        completeDma(0);
        assertEquals(0, endpoints.at(0).inFetch);
        assertEquals(1L, sentId(1));
        assertEquals(62, nic.cycles);
        assertFalse(path.drain(), "still held: message 1's tail has not left");
        assertEquals(1, nic.dmaLog.size(), "message 2's data has not been asked for");

        path.sent(nic.sent.get(1).id());
        assertFalse(path.drain(), "message 2 holds it now");
        assertEquals(2, nic.dmaLog.size());
        completeDma(1);
        assertEquals(2L, sentId(2));
        assertEquals(2, nic.count("vn.data_sent"));
    }

    /** Pipelined, the second message's data DMA starts while the first is still on the wire. */
    @Test
    void pipeliningOverlapsTheNextHostDmaWithThisNetworkDma() {
        SendPath path = path(true);
        path.send(medium(1, 1), ROUTE, 1, null);
        assertTrue(path.drain(), "never held");
        path.send(medium(2, 1), ROUTE, 1, null);
        assertEquals(2, nic.dmaLog.size(), "both fetches under way");
        completeDma(0);
        completeDma(1);
        assertEquals(List.of(1L, 2L), List.of(sentId(0), sentId(1)));
    }

    /**
     * A message on a channel whose channel is reset while its data crosses the bus (the message was returned
     * meanwhile) is not sent, and frees the path. One that is still its channel's is sent with the channel's time
     * stamp: 3,000,000 ps is 3 us.
     */
    @Test
    void aMessageNoLongerOnItsChannelIsNotSentAndOneStillOnItIsStamped() {
        SendPath path = path(false);
        Channel ch = new SendChannels(2, 1).of(1)[0];
        Header h = medium(1, 1);
        ch.busy = true;
        ch.packet = h;
        path.send(h, ROUTE, 1, ch);
        ch.busy = false;
        ch.packet = null;
        completeDma(0);
        assertEquals(0, nic.sent.size());
        assertEquals(1, nic.count("vn.dropped.reset_in_fetch"));
        assertTrue(path.drain(), "the path is free again");

        nic.now = 3_000_000;
        Header again = medium(2, 1);
        ch.busy = true;
        ch.packet = again;
        path.send(again, ROUTE, 1, ch);
        completeDma(1);
        assertEquals(3, Header.decode(nic.sent.get(0).body()).timestamp());
        assertEquals(3, ch.stamp);
        assertEquals(Header.decode(nic.sent.get(0).body()).timestamp(), ch.packet.timestamp());
    }

    /** A packet for this NIC (0) skips the wire: it comes back one LANai cycle later, as the loopback timer. */
    @Test
    void aPacketForThisNicComesBackAsATimer() {
        SendPath path = path(false);
        Header self = new Header(Header.DATA, false, 0, 0, 0, 0, 1, 0, 0, 0, 7, 7, 5L, 0, -1, new int[0],
                new byte[0], 0, 0, 0);
        path.send(self, null, 0, null);
        assertEquals(0, nic.sent.size());
        assertEquals(List.of("loopback 0"), nic.pendingTimers());
        assertTrue(path.drain(), "a local packet does not hold the path");
        assertEquals(0, nic.dmaLog.size(), "a short message has no data to fetch");
    }
}
