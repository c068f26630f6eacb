package org.nowemu.protocol.am.vn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.protocol.am.AmError;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.nic.DriverEntry;
import org.nowemu.protocol.am.parts.channels.Channel;
import org.nowemu.protocol.am.parts.endpoints.EndpointFrame;
import org.nowemu.protocol.am.wire.Header;

/**
 * The VN firmware across power cycles, driven event by event: NIC 0 (endpoint 0, thread 10, driver 11) talks to
 * endpoint 0 of NIC 1. The rules: DATA meant for a previous life is refused as unreachable with the new
 * incarnation; the sender returns it and every other packet it had for that life and stamps the next for the new
 * one; a restarted source's channels start afresh, and its older life's leftovers are dropped; a new life takes the
 * first packet of a channel whatever its bit, gets its endpoints back and returns what the last one held.
 */
class RebootTest extends VnFirmwareBench {
    RebootTest() {
        super("");
    }

    /** DATA from NIC 1's endpoint 0, in its incarnation {@code boot}, meant for ours as {@code peerBoot}. */
    private static Header data(int channel, int seq, long msgId, int boot, int peerBoot) {
        return new Header(Header.DATA, false, channel, seq, 0, 0, 1, 1, 0, 0, TAG, TAG, msgId, 0, -1, new int[] {9},
                new byte[0], 0, boot, peerBoot);
    }

    /** Endpoint 0 open, resident, mapped (index 0 -> NIC 1's endpoint 0). */
    private void endpoint() {
        openAndMap(false);
    }

    private void request(long msgId) {
        write(new Doorbell.Send(0, false, 0, 0, 0, 0, 1, new int[] {7}, new byte[0], -1, msgId, 0));
        fw.handle(nic, new NicEvent.PacketSent(nic.sent.get(nic.sent.size() - 1).id()));
    }

    /** The entries DMAed to the thread so far that are returned messages: "msgId ERROR". */
    private List<String> returned() {
        return returnedDeliveries().stream().map(d -> d.msgId() + " " + AmError.of(d.error())).toList();
    }

    /**
     * NIC 0 has restarted once (incarnation 1). A retransmission meant for its previous life is refused: an ACK
     * with UNREACHABLE, its own incarnation 1 and the sender's 0, nothing delivered. NIC 1, having learned, sends
     * on the same channel with bit 1 (its side was mid-sequence): a fresh channel takes it. Its retransmission is a
     * duplicate, acknowledged again.
     */
    @Test
    void dataForThePreviousLifeIsRefusedAndAFreshChannelTakesAnyBit() {
        fw.restart(nic, 1, null, List.of());
        endpoint();
        receive(data(0, 0, 40, 0, 0));
        Header refusal = lastSent();
        assertEquals(Header.ACK, refusal.type());
        assertEquals(AmError.UNREACHABLE.code(), refusal.status());
        assertEquals(1, refusal.boot());
        assertEquals(0, refusal.peerBoot());
        assertEquals(1, nic.count("vn.rejected.previous_life"));
        assertEquals(0, nic.count("vn.delivered"));

        receive(data(0, 1, 41, 0, 1));
        nic.completeDmas(fw);
        assertEquals(1, nic.count("vn.delivered"));
        assertEquals(0, lastSent().status());
        assertEquals(1, lastSent().boot());
        receive(data(0, 1, 41, 0, 1));
        assertEquals(1, nic.count("vn.duplicates"));
        assertEquals(1, nic.count("vn.delivered"));
    }

    /**
     * Two requests on channels 0 and 1 to NIC 1, meant for its incarnation 0. NIC 1 refuses the first from its
     * incarnation 1: both come back as unreachable at once (the second would be refused too), both channels start
     * epoch 1 at bit 0, and the next request is stamped for incarnation 1. A late ACK from incarnation 0 is stale.
     */
    @Test
    void aRefusalReturnsEveryPacketForTheOldLifeAndTheNextIsStampedForTheNew() {
        fw.start(nic);
        endpoint();
        request(42);
        Header first = lastSent();
        request(43);
        Header second = lastSent();
        assertEquals(List.of(0, 1), List.of(first.channel(), second.channel()));
        assertEquals(0, first.peerBoot());

        receive(first.answer(Header.ACK, AmError.UNREACHABLE.code(), 1).withBoots(1, 0));
        nic.completeDmas(fw);
        assertEquals(List.of("42 UNREACHABLE", "43 UNREACHABLE"), returned());
        for (int c = 0; c < 2; c++) {
            Channel ch = fw.channels().get(1, c);
            assertFalse(ch.busy);
            assertEquals(1, ch.epoch);
            assertEquals(0, ch.seq);
        }
        receive(second.answer(Header.ACK, 0, 1));
        assertEquals(1, nic.count("vn.stale_acks"));

        request(44);
        assertEquals(1, lastSent().peerBoot());
        assertEquals(1, lastSent().epoch());
    }

    /**
     * A short request is on the wire on channel 0 and a 64-byte medium one has taken channel 1, its data still
     * crossing the bus, when NIC 1's refusal arrives. Both go back; when the data has come, nothing more is sent:
     * the channel was reset, the message is its sender's again.
     */
    @Test
    void aMessageReturnedWhileItsDataIsFetchedIsNotSent() {
        fw.start(nic);
        endpoint();
        request(42);
        Header first = lastSent();
        write(new Doorbell.Send(0, false, 0, 0, 0, 0, 1, new int[] {7}, new byte[64], -1, 43, 0));
        assertEquals(1, nic.sent.size(), "the medium request waits for its data");
        receive(first.answer(Header.ACK, AmError.UNREACHABLE.code(), 1).withBoots(1, 0));
        nic.completeDmas(fw);
        assertEquals(List.of("42 UNREACHABLE", "43 UNREACHABLE"), returned());
        assertEquals(1, nic.count("vn.dropped.reset_in_fetch"));
        assertEquals(1, nic.sent.size(), "nothing sent for the returned message");
        assertEquals(1, nic.count("vn.data_sent"));
    }

    /**
     * NIC 1 delivers on channel 0 from incarnation 0, then restarts: its next packet on channel 0 again has bit 0,
     * which the old channel state would take for a duplicate. Seeing incarnation 1, NIC 0 forgets NIC 1's channels
     * and delivers it; a leftover from incarnation 0 arriving afterwards is dropped.
     */
    @Test
    void aRestartedSourceStartsAfreshAndItsOldLifeIsDropped() {
        fw.start(nic);
        endpoint();
        receive(data(0, 0, 50, 0, 0));
        receive(data(0, 0, 51, 1, 0));
        nic.completeDmas(fw);
        assertEquals(2, nic.count("vn.delivered"));
        assertEquals(1, nic.count("vn.peer_reboots"));
        assertEquals(0, nic.count("vn.duplicates"));
        receive(data(1, 0, 52, 0, 0));
        assertEquals(1, nic.count("vn.dropped.old_boot"));
        assertEquals(2, nic.count("vn.delivered"));
    }

    /**
     * Endpoint 0 has events on, one delivered entry the host has not freed, and five requests: four on channels
     * (K = 4), one waiting for a channel. The power goes; while off the host writes a sixth request and frees the
     * entry. The new life (fresh SRAM, incarnation 1) returns the six as unreachable in message order, loads the
     * endpoint again (a frame's DMA; the driver hears it is loaded), wakes the host for the entry waiting with
     * events on, and ends with the queue counts right: the free brings request entries to 0, six returned entries.
     */
    @Test
    void theNewLifeReturnsWhatTheOldHeldAndGetsTheEndpointBack() {
        fw.start(nic);
        endpoint();
        write(new Doorbell.Events(0, true));
        receive(data(0, 0, 60, 0, 0));
        nic.completeDmas(fw);
        for (long id = 42; id <= 46; id++) {
            request(id);
        }
        Object previous = fw.powerLost(nic);

        powerCycle();
        fw.restart(nic, 1, previous, List.of(
                new Doorbell.Send(0, false, 0, 0, 0, 0, 1, new int[] {7}, new byte[0], -1, 47, 0),
                new Doorbell.Freed(0, false, 1)));
        nic.completeDmas(fw);
        assertEquals(List.of("42 UNREACHABLE", "43 UNREACHABLE", "44 UNREACHABLE", "45 UNREACHABLE",
                "46 UNREACHABLE", "47 UNREACHABLE"), returned());
        assertEquals(6, nic.count("vn.reboot_returned"));
        EndpointFrame f = fw.endpoint(0);
        assertEquals(EndpointFrame.State.RESIDENT, f.state);
        assertTrue(f.mapped(0));
        assertTrue(f.events);
        assertTrue(nic.toHost(nic.dmaLog, DRIVER).contains(new DriverEntry.Loaded(0)));
        assertTrue(nic.told.contains(new DriverEntry.Interrupt(0)), "woken for the entry waiting");
        assertEquals(0, f.used[0]);
        assertEquals(6, f.used[1]);
        assertEquals(0, nic.count("vn.dropped.excess_frees"));
        assertFalse(fw.channels().anyUnacked());
    }

    /**
     * A 64-byte medium request 42 is on the wire when NIC 1 refuses it as BAD_ENDPOINT (its process died): it comes
     * off its channel and goes back to its endpoint in two DMAs, its data, then its entry. A 64-byte medium request
     * 50 from NIC 1 has arrived too, its data on its way to host memory. The power goes before either data DMA
     * completes: the data lands, but no entry follows. The new life returns 42 as unreachable (nobody else knows of
     * it: its channel was freed when the refusal came), and takes both entries that never landed off the queue
     * counts: only the new return's is left.
     */
    @Test
    void aReturnWhoseEntryTheLastLifeHadNotWrittenIsReturnedByTheNext() {
        fw.start(nic);
        endpoint();
        write(new Doorbell.Send(0, false, 0, 0, 0, 0, 1, new int[] {7}, new byte[64], -1, 42, 0));
        nic.completeDmas(fw);
        Header sent = lastSent();
        fw.handle(nic, new NicEvent.PacketSent(nic.sent.get(nic.sent.size() - 1).id()));
        receive(new Header(Header.DATA, false, 0, 0, 0, 0, 1, 1, 0, 0, TAG, TAG, 50, 0, -1, new int[] {9},
                new byte[64], 0, 0, 0));
        receive(sent.answer(Header.ACK, AmError.BAD_ENDPOINT.code(), 1));
        assertEquals(1, nic.count("vn.returned.bad_endpoint"));
        assertEquals(List.of(), returned(), "no entry written yet");
        EndpointFrame before = fw.endpoint(0);
        assertEquals(1, before.used[0]);
        assertEquals(1, before.used[1]);
        Object previous = fw.powerLost(nic);

        powerCycle();
        fw.restart(nic, 1, previous, List.of());
        nic.completeDmas(fw);
        assertEquals(List.of("42 UNREACHABLE"), returned());
        assertEquals(1, nic.count("vn.reboot_returned"));
        EndpointFrame f = fw.endpoint(0);
        assertEquals(0, f.used[0], "request 50's entry never landed");
        assertEquals(1, f.used[1], "only the new return's entry");
    }
}
