package org.nowemu.protocol.am.parts.scheduling;

import java.util.ArrayDeque;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.parts.endpoints.EndpointFrame;

/** Without virtual networks (GAM): sends leave in the order the host wrote them, whatever the endpoint. */
public final class FifoScheduler implements SendScheduler {
    private final int scheduleCycles;
    private final ArrayDeque<EndpointFrame> order = new ArrayDeque<>();

    public FifoScheduler(int scheduleCycles) {
        this.scheduleCycles = scheduleCycles;
    }

    @Override
    public void added(EndpointFrame frame) {
        order.add(frame);
    }

    @Override
    public void removed(EndpointFrame frame) {
        order.removeIf(f -> f == frame);
    }

    @Override
    public Doorbell.Send next(NicContext nic) {
        EndpointFrame f = order.poll();
        if (f == null) {
            return null;
        }
        nic.cycles(scheduleCycles);
        return f.take();
    }
}
