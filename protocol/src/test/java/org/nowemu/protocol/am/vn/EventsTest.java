package org.nowemu.protocol.am.vn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.nic.DriverEntry;
import org.nowemu.protocol.am.wire.Header;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.FakeNic;

/**
 * Endpoint events, with the firmware driven event by event: the NIC interrupts the host (and the driver posts the
 * endpoint's semaphore) exactly when a message lands in an empty receive queue with events on.
 */
class EventsTest {
    private static final int THREAD = 10;
    private static final int DRIVER = 11;
    private static final int TAG = 5;

    private final ConfigReader r = AmNets.config("");
    private final FakeNic nic = new FakeNic(HardwareProfile.read(r).nic());
    private final VnFirmware fw = new VnFirmware(AmNets.stack(r, "amii"), Routes.of(new byte[][] {null, {3}}));

    private void write(Doorbell d) {
        fw.handle(nic, new NicEvent.HostWrite(d, THREAD));
        nic.completeDmas(fw);
    }

    /** A request from NIC 1 for endpoint 0, on its own channel so that each one is new. */
    private void arrive(int channel) {
        Header h = new Header(Header.DATA, false, channel, 0, 0, 0, 1, 1, 0, 0, TAG, TAG, channel, 0, -1,
                new int[] {channel}, new byte[0]);
        fw.handle(nic, new NicEvent.PacketReceived(nic.packet(new byte[0], h.encode()), NicEvent.Status.OK));
        nic.completeDmas(fw);
    }

    private long interrupts() {
        return nic.told.stream().filter(t -> t.equals(new DriverEntry.Interrupt(0))).count();
    }

    @Test
    void theHostIsInterruptedExactlyWhenAMessageLandsInAnEmptyQueueWithEventsOn() {
        fw.start(nic);
        write(new Doorbell.Open(0, TAG, THREAD, false, 1, DRIVER));
        arrive(0);
        assertEquals(0, interrupts(), "events are off at first");
        write(new Doorbell.Freed(0, false, 1));

        write(new Doorbell.Events(0, true));
        assertEquals(0, interrupts(), "turning events on with an empty queue interrupts nobody");
        arrive(1);
        assertEquals(1, interrupts(), "a message into the empty request queue");
        arrive(2);
        assertEquals(1, interrupts(), "the queue already held one the host has not taken");
        write(new Doorbell.Freed(0, false, 2));

        write(new Doorbell.Events(0, false));
        arrive(3);
        assertEquals(1, interrupts(), "events off: nothing, though the queue was empty");

        write(new Doorbell.Events(0, true));
        // The deferred form of the same rule: the entry landed with events off and still waits, unseen maybe (its
        // DMA may have finished after the host's last poll), so turning events on interrupts for it.
        assertEquals(2, interrupts(), "turning events on while an entry waits: it may have landed after the last poll");
        write(new Doorbell.Freed(0, false, 1));
        arrive(4);
        assertEquals(3, interrupts());
        assertEquals(5, nic.count("vn.delivered"));
    }
}
