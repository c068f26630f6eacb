package org.nowemu.protocol.am.parts.privileged;

import java.util.function.IntConsumer;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.nic.HostEntry;
import org.nowemu.protocol.am.parts.endpoints.EndpointFrame;
import org.nowemu.protocol.am.parts.endpoints.EndpointTable;
import org.nowemu.protocol.am.parts.sendpath.SendPath;
import org.nowemu.protocol.parts.dma.HostDmas;
import org.nowemu.protocol.parts.routing.RoutingTable;

/**
 * What only a privileged endpoint (the mapper daemon's) may do: send raw packets with explicit routes, receive the
 * packets that are not the transport's own (probes, the mapper's messages), and read and write the routing table.
 * A request from any other endpoint is refused silently (counted).
 *
 * <p>Inputs: the host's {@link Doorbell.RawSend}, {@link Doorbell.RouteWrite} and {@link Doorbell.RouteRead};
 * packets that are not the transport's ({@link #onRaw}). Outputs: raw packets to the send path, entries to the
 * privileged endpoint's host memory, a route removed ({@code unroutable}: the transport gives up on what it had for
 * that NIC). Counters: {@code vn.raw_sent}, {@code vn.raw_received}, {@code vn.rejected.unprivileged},
 * {@code vn.dropped.malformed}.
 */
public final class PrivilegedEndpoint {
    private final NicContext nic;
    private final EndpointTable endpoints;
    private final RoutingTable routes;
    private final SendPath path;
    private final HostDmas dmas;
    private final IntConsumer unroutable;
    private final int sendCycles;

    /**
     * @param unroutable told of a NIC whose route was written null
     * @param sendCycles building and starting a raw packet (LANai cycles)
     */
    public PrivilegedEndpoint(NicContext nic, EndpointTable endpoints, RoutingTable routes, SendPath path,
                              HostDmas dmas, IntConsumer unroutable, int sendCycles) {
        this.nic = nic;
        this.endpoints = endpoints;
        this.routes = routes;
        this.path = path;
        this.dmas = dmas;
        this.unroutable = unroutable;
        this.sendCycles = sendCycles;
    }

    public void rawSend(Doorbell.RawSend r) {
        if (privileged(r.endpoint())) {
            nic.cycles(sendCycles);
            nic.counter("vn.raw_sent").increment();
            path.raw(nic.packet(r.route(), r.body()));
        }
    }

    public void routeWrite(Doorbell.RouteWrite w) {
        if (privileged(w.endpoint()) && routes.knows(w.nic())) {
            routes.write(w.nic(), w.route());
            if (w.route() == null && w.nic() != nic.nic()) {
                unroutable.accept(w.nic());
            }
        }
    }

    public void routeRead(Doorbell.RouteRead q) {
        if (privileged(q.endpoint())) {
            byte[] route = routes.route(q.nic());
            dmas.toHost(16, false, endpoints.at(q.endpoint()).host, new HostEntry.Route(q.endpoint(), q.nic(), route));
        }
    }

    /** A packet that is not the transport's: the first privileged endpoint gets it, else it is dropped. */
    public void onRaw(Packet p) {
        for (EndpointFrame f : endpoints.open()) {
            if (f.privileged) {
                nic.counter("vn.raw_received").increment();
                dmas.toHost(p.body().length, false, f.host, new HostEntry.Raw(f.index, p.body(), true));
                return;
            }
        }
        nic.counter("vn.dropped.malformed").increment();
    }

    private boolean privileged(int endpoint) {
        EndpointFrame f = endpoints.get(endpoint);
        boolean ok = f != null && f.privileged;
        if (!ok) {
            nic.counter("vn.rejected.unprivileged").increment();
        }
        return ok;
    }
}
