package org.nowemu.protocol.parts.restart;

import java.util.ArrayList;
import java.util.List;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.am.AmError;
import org.nowemu.protocol.nic.Doorbell;
import org.nowemu.protocol.nic.HostEntry;
import org.nowemu.protocol.parts.delivery.HostDelivery;
import org.nowemu.protocol.parts.endpoints.EndpointFrame;
import org.nowemu.protocol.parts.endpoints.EndpointTable;
import org.nowemu.protocol.parts.paging.EndpointPaging;

/**
 * A NIC's new life after a power cycle takes over what its last one left in host memory ({@link PreviousLife}):
 * the endpoints come back from the host (each costs a doorbell's work; those that were in frames are loaded again
 * by DMA, the others wait for their next use), endpoints of crashed processes stay closed, and every message the
 * last life held goes back to its sender as unreachable: whether it was delivered is unknown, and sending it again
 * could deliver it twice. So does a message the last life was returning and whose entry it had not written yet (its
 * data was still crossing the bus); entries it had not written are taken off their queues' fill counts, since the
 * host will never free them.
 *
 * <p>Inputs: the previous life ({@link #reload}), messages the host wrote while the NIC was off ({@link #giveBack}).
 * Outputs: endpoints put back in the table and in line for frames, messages returned. Counters:
 * {@code vn.reboot_returned} (of which {@code vn.reboot_returned_landing}: returns whose entry the last life had not
 * written), {@code vn.dropped.return_to_nowhere}.
 */
public final class Rebirth {
    private final NicContext nic;
    private final EndpointTable endpoints;
    private final EndpointPaging paging;
    private final HostDelivery delivery;
    private final int translations;
    private final int doorbellCycles;

    /**
     * @param translations   translation entries per endpoint in this life
     * @param doorbellCycles taking one endpoint back (LANai cycles, as a host write)
     */
    public Rebirth(NicContext nic, EndpointTable endpoints, EndpointPaging paging, HostDelivery delivery,
                   int translations, int doorbellCycles) {
        this.nic = nic;
        this.endpoints = endpoints;
        this.paging = paging;
        this.delivery = delivery;
        this.translations = translations;
        this.doorbellCycles = doorbellCycles;
    }

    /** Takes back the endpoints of {@code p} and returns the messages it held. */
    public void reload(PreviousLife p) {
        // Endpoints of crashed processes stay closed: the driver does not hand them back.
        endpoints.closeAll(p.closed());
        List<EndpointFrame> again = new ArrayList<>();
        for (EndpointFrame old : p.endpoints()) {
            nic.cycles(doorbellCycles);
            EndpointFrame f = old.reborn(translations);
            endpoints.put(f);
            for (HostEntry.Delivery d : p.landing()) {
                if (d.endpoint() == f.index) {
                    f.used[EndpointFrame.queue(d.reply() || d.returned())]--;
                }
            }
            if (old.state == EndpointFrame.State.RESIDENT || old.state == EndpointFrame.State.LOADING) {
                again.add(f);
            }
            if (f.events && (f.used[0] > 0 || f.used[1] > 0)) {
                delivery.wakeWhenLanded(f);
            }
        }
        for (EndpointFrame f : again) {
            paging.reload(f);
        }
        for (int ep : p.pendingLoads()) {
            paging.wanted(ep);
        }
        for (HostEntry.Delivery d : p.landing()) {
            if (d.returned()) {
                nic.counter("vn.reboot_returned").increment();
                nic.counter("vn.reboot_returned_landing").increment();
                delivery.returnToSender(endpoints.at(d.endpoint()), d.reply(), d.handler(), d.args(), d.data(),
                        d.offset(), d.msgId(), d.srcNic(), d.srcEp(), AmError.UNREACHABLE);
            }
        }
        for (Doorbell.Send m : p.held()) {
            giveBack(m);
        }
    }

    /** Returns a message the host had handed to a NIC that lost power: whether it was delivered is unknown. */
    public void giveBack(Doorbell.Send m) {
        EndpointFrame f = endpoints.at(m.endpoint());
        if (f == null) {
            // Its process crashed and its endpoint was closed (a packet it had on a channel): nobody to tell.
            nic.counter("vn.dropped.return_to_nowhere").increment();
            return;
        }
        boolean known = m.reply() || f.mapped(m.index());
        int destNic = m.reply() ? m.nic() : known ? f.destNic(m.index()) : -1;
        int destEp = m.reply() ? m.destEp() : known ? f.destEp(m.index()) : -1;
        nic.counter("vn.reboot_returned").increment();
        delivery.returnToSender(f, m.reply(), m.handler(), m.args(), m.data(), m.offset(), m.msgId(), destNic, destEp,
                AmError.UNREACHABLE);
    }
}
