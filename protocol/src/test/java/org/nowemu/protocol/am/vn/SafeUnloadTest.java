package org.nowemu.protocol.am.vn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.nic.DmaRequest;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.nic.DriverEntry;
import org.nowemu.protocol.am.parts.channels.Channel;
import org.nowemu.protocol.am.parts.endpoints.EndpointFrame;
import org.nowemu.protocol.am.wire.Header;

/**
 * The firmware driven event by event (no emulation around it), so that the order of events is exactly the one the
 * test names: evicting an endpoint whose packet is still unacknowledged, NACKed packets taken back, late ACKs.
 * NIC 0 has one endpoint frame; endpoint 0 (thread 10, driver 11) talks to endpoint 0 of NIC 1.
 */
class SafeUnloadTest extends VnFirmwareBench {
    SafeUnloadTest() {
        super("nowemu.hardware.profiles.now.nic.endpoint-frames = 1");
    }

    /** Endpoint 0 resident (it takes the free frame), mapped to NIC 1, one request sent and on the wire. */
    private Header oneRequestInFlight() {
        fw.start(nic);
        openAndMap(false);
        assertTrue(fw.endpoint(0).resident());
        write(new Doorbell.Send(0, false, 0, 0, 0, 0, 1, new int[] {7}, new byte[0], -1, 42L, 0));
        Packet p = nic.sent.get(0);
        fw.handle(nic, new NicEvent.PacketSent(p.id()));
        Header h = Header.decode(p.body());
        assertEquals(0, h.seq());
        return h;
    }

    /** Endpoint 1 is created (no frame free), then asked for: endpoint 0 is chosen to leave and the host unmaps it. */
    private void evictEndpointZero() {
        write(new Doorbell.Open(1, TAG, THREAD, false, 1, DRIVER));
        write(new Doorbell.Load(1));
        nic.completeDmas(fw);
        assertEquals(EndpointFrame.State.UNLOADING, fw.endpoint(0).state);
        assertTrue(nic.toHost(nic.dmaLog, DRIVER).contains(new DriverEntry.Evicting(0)));
        write(new Doorbell.Unmapped(0));
        nic.completeDmas(fw);
    }

    private boolean frameMovedOut() {
        for (DmaRequest d : nic.dmaLog) {
            if (d.toHost() && d.hostTarget() == -1 && d.bytes() == VnFirmware.frameBytes(stack)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The request's ACK is still in flight when the driver unmaps endpoint 0: the frame does not move. The ACK
     * then arrives: channel 0 to NIC 1 is released with its bit flipped (0 -> 1, the next packet's), no destination
     * is left with unacknowledged packets, the frame moves out, and endpoint 1 takes it.
     */
    @Test
    void unloadingWaitsForAnAckInFlightAndLeavesTheChannelTableConsistent() {
        Header request = oneRequestInFlight();
        evictEndpointZero();
        assertFalse(frameMovedOut(), "an unacknowledged packet keeps the endpoint in its frame");
        Channel ch = fw.channels().get(1, 0);
        assertTrue(ch.busy);

        receive(request.answer(Header.ACK, 0, 1));
        nic.completeDmas(fw);

        assertTrue(frameMovedOut());
        assertFalse(ch.busy);
        assertEquals(1, ch.seq);
        assertEquals(0, ch.epoch);
        assertFalse(fw.channels().anyUnacked());
        assertEquals(EndpointFrame.State.OUT, fw.endpoint(0).state);
        assertTrue(fw.endpoint(0).requests.isEmpty());
        assertEquals(EndpointFrame.State.RESIDENT, fw.endpoint(1).state);
        assertEquals(0, nic.count("vn.stale_acks"));
        assertEquals(1, nic.count("vn.evictions"));
    }

    /**
     * The receiver NACKs the request's latest (and only) transmission: the endpoint may leave at once. The request
     * goes back to the head of its send queue and the channel is free with bit 0 still, the bit the receiver still
     * expects, so the message's next transmission is taken as new, not as a duplicate.
     */
    @Test
    void aNackedPacketGoesBackToItsEndpointAndItsChannelKeepsItsBit() {
        Header request = oneRequestInFlight();
        receive(request.answer(Header.NACK, 8, 1));
        evictEndpointZero();

        assertTrue(frameMovedOut());
        Channel ch = fw.channels().get(1, 0);
        assertFalse(ch.busy);
        assertEquals(0, ch.seq);
        assertFalse(fw.channels().anyUnacked());
        assertEquals(1, fw.endpoint(0).requests.size());
        assertEquals(42L, fw.endpoint(0).requests.peek().msgId());
        assertEquals(1, nic.count("vn.taken_back"));
    }

    /**
     * A NACK that echoes another transmission's time stamp (an older one, say) does not answer the latest: the
     * packet may still be accepted, so the endpoint stays in its frame and the packet on its channel.
     */
    @Test
    void aNackForAnotherTransmissionKeepsTheEndpointInItsFrame() {
        Header request = oneRequestInFlight();
        receive(request.withChannel(request.channel(), request.seq(), request.epoch(), request.timestamp() + 7)
                .answer(Header.NACK, 8, 1));
        evictEndpointZero();

        assertFalse(frameMovedOut());
        assertTrue(fw.channels().get(1, 0).busy);
        assertEquals(EndpointFrame.State.UNLOADING, fw.endpoint(0).state);
        assertEquals(0, nic.count("vn.taken_back"));
    }

    /**
     * The first request is ACKed and a second goes out on the same channel with bit 1. A late duplicate of the
     * first ACK (bit 0) arrives: it is counted stale and the second stays unacknowledged until its own ACK.
     */
    @Test
    void aLateDuplicateAckForAnOldSequenceNumberIsIgnored() {
        Header first = oneRequestInFlight();
        receive(first.answer(Header.ACK, 0, 1));
        nic.completeDmas(fw);
        write(new Doorbell.Send(0, false, 0, 0, 0, 0, 1, new int[] {8}, new byte[0], -1, 43L, 0));
        Header second = lastSent();
        assertEquals(1, second.seq());
        assertEquals(0, second.channel());

        receive(first.answer(Header.ACK, 0, 1));
        Channel ch = fw.channels().get(1, 0);
        assertEquals(1, nic.count("vn.stale_acks"));
        assertTrue(ch.busy);
        assertEquals(43L, ch.packet.msgId());

        receive(second.answer(Header.ACK, 0, 1));
        assertFalse(ch.busy);
        assertEquals(0, ch.seq);
        assertEquals(1, nic.count("vn.stale_acks"));
    }
}
