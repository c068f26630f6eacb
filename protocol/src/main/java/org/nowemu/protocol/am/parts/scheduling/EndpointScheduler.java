package org.nowemu.protocol.am.parts.scheduling;

import java.util.TreeMap;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.parts.endpoints.EndpointFrame;

/**
 * The VN firmware's endpoint scheduler (virtual networks): weighted round-robin over the endpoints that have
 * something to send, skipping empty ones. It takes up to {@code attempts} (2^k) times the endpoint's weight entries
 * from one endpoint before it moves on to the next with work, and it stays (loiters) on an endpoint that has
 * emptied until another one has work, so an endpoint the host keeps feeding pays the switch cost (loading the
 * endpoint's constants) only once.
 */
public final class EndpointScheduler implements SendScheduler {
    private final int attempts;
    private final int scheduleCycles;
    private final int switchCycles;
    /** Endpoints with work, by index: iteration order is the round-robin order. */
    private final TreeMap<Integer, EndpointFrame> busy = new TreeMap<>();
    private int current = -1;
    private int taken;

    public EndpointScheduler(int attempts, int scheduleCycles, int switchCycles) {
        this.attempts = attempts;
        this.scheduleCycles = scheduleCycles;
        this.switchCycles = switchCycles;
    }

    @Override
    public void added(EndpointFrame frame) {
        busy.put(frame.index, frame);
    }

    @Override
    public void removed(EndpointFrame frame) {
        busy.remove(frame.index);
    }

    @Override
    public Doorbell.Send next(NicContext nic) {
        if (busy.isEmpty()) {
            return null;
        }
        EndpointFrame f = busy.get(current);
        if (f == null || taken >= (long) attempts * f.weight) {
            Integer n = busy.higherKey(current);
            int next = n != null ? n : busy.firstKey();
            if (next != current) {
                nic.cycles(switchCycles);
                nic.counter("vn.endpoint_switches").increment();
                current = next;
            }
            taken = 0;
            f = busy.get(current);
        }
        nic.cycles(scheduleCycles);
        taken++;
        Doorbell.Send s = f.take();
        if (!f.hasWork()) {
            busy.remove(current);
        }
        return s;
    }
}
