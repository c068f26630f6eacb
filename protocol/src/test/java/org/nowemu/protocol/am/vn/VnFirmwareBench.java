package org.nowemu.protocol.am.vn;

import java.util.ArrayList;
import java.util.List;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.nic.HostEntry;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.am.wire.Header;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.FakeNic;

/**
 * The bench the VN firmware tests drive event by event, with no emulation around it: NIC 0's firmware on a fake
 * NIC, one route (to NIC 1, one hop), endpoint 0 owned by thread 10 with driver 11. Each test names its own
 * configuration; a power cycle gives a fresh NIC and firmware on the same settings.
 */
abstract class VnFirmwareBench {
    static final int THREAD = 10;
    static final int DRIVER = 11;
    static final int TAG = 5;

    final StackSettings stack;
    private final HardwareProfile profile;
    FakeNic nic;
    VnFirmware fw;

    VnFirmwareBench(String config) {
        ConfigReader r = AmNets.config(config);
        stack = AmNets.stack(r, "amii");
        profile = HardwareProfile.read(r);
        powerCycle();
    }

    /** A fresh NIC (its SRAM empty) and firmware, as after the power came back. */
    final void powerCycle() {
        nic = new FakeNic(profile.nic());
        fw = new VnFirmware(stack, Routes.of(new byte[][] {null, {3}}));
    }

    void write(Doorbell d) {
        fw.handle(nic, new NicEvent.HostWrite(d, THREAD));
    }

    final void receive(Header h) {
        fw.handle(nic, new NicEvent.PacketReceived(nic.packet(new byte[0], h.encode()), NicEvent.Status.OK));
    }

    final Header lastSent() {
        return Header.decode(nic.sent.get(nic.sent.size() - 1).body());
    }

    /** Endpoint 0 opened (privileged or not) and loaded, then its index 0 mapped to NIC 1's endpoint 0. */
    final void openAndMap(boolean privileged) {
        write(new Doorbell.Open(0, TAG, THREAD, privileged, 1, DRIVER));
        nic.completeDmas(fw);
        write(new Doorbell.Map(0, 0, 1, 0, TAG));
    }

    /** The entries DMAed to the thread so far that are returned messages, in the order they were written. */
    final List<HostEntry.Delivery> returnedDeliveries() {
        List<HostEntry.Delivery> out = new ArrayList<>();
        for (Object o : nic.toHost(nic.dmaLog, THREAD)) {
            if (o instanceof HostEntry.Delivery d && d.returned()) {
                out.add(d);
            }
        }
        return out;
    }
}
