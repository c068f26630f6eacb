package org.nowemu.protocol.am.vn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.protocol.am.AmError;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.nic.HostEntry;
import org.nowemu.protocol.am.parts.channels.Channel;
import org.nowemu.protocol.am.wire.Header;

/**
 * The firmware driven event by event: NIC 0's privileged endpoint 0 (thread 10) sends requests to NIC 1, then its
 * daemon writes the route to NIC 1 as null (the mapper no longer finds it). With K = 4 request channels per
 * destination, four requests are on the wire unacknowledged and a fifth waits for a channel.
 */
class RouteRemovalTest extends VnFirmwareBench {
    RouteRemovalTest() {
        super("");
    }

    /**
     * The null route gives the five up at once: they come back to the endpoint in order (the four on channels,
     * then the one waiting), each as unreachable; the four channels are free, each in a new epoch (1) with bit 0, so
     * NIC 1 would take the next packet as new; nothing is left unacknowledged or waiting, so the timer has nothing
     * to resend. A late ACK for one of them is stale. Before the write nothing had come back.
     */
    @Test
    void aRouteWrittenNullReturnsThePacketsOnItsChannelsAndThoseWaitingAtOnce() {
        fw.start(nic);
        openAndMap(true);
        for (int i = 0; i < 5; i++) {
            write(new Doorbell.Send(0, false, 0, 0, 0, 0, 1, new int[] {i}, new byte[0], -1, 100L + i, 0));
            for (Packet p : new ArrayList<>(nic.sent)) {
                fw.handle(nic, new NicEvent.PacketSent(p.id()));
            }
        }
        assertEquals(4, nic.sent.size(), "four on the wire");
        assertEquals(1, nic.count("vn.channel_waits"), "the fifth waits for a channel");
        Header first = Header.decode(nic.sent.get(0).body());
        nic.completeDmas(fw);
        assertTrue(returnedDeliveries().isEmpty());

        write(new Doorbell.RouteWrite(0, 1, null));
        nic.completeDmas(fw);

        List<HostEntry.Delivery> back = returnedDeliveries();
        assertEquals(List.of(100L, 101L, 102L, 103L, 104L), back.stream().map(HostEntry.Delivery::msgId).toList());
        for (HostEntry.Delivery d : back) {
            assertEquals(AmError.UNREACHABLE.code(), d.error());
            assertFalse(d.reply());
        }
        assertEquals(5, nic.count("vn.returned.unreachable"));
        for (int c = 0; c < 4; c++) {
            Channel ch = fw.channels().get(1, c);
            assertFalse(ch.busy);
            assertEquals(1, ch.epoch);
            assertEquals(0, ch.seq);
        }
        assertFalse(fw.channels().anyUnacked());
        assertTrue(fw.channels().waiting(1, false).isEmpty());
        assertEquals(4, nic.sent.size(), "nothing sent again");

        receive(first.answer(Header.ACK, 0, 1));
        assertEquals(1, nic.count("vn.stale_acks"));
        assertEquals(5, returnedDeliveries().size(), "returned once only");
    }
}
