package org.nowemu.protocol.am.parts.sendpath;

import java.util.ArrayDeque;
import java.util.HashMap;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.SendDma;

/**
 * The sensitivity study's added latency L: a delay line in front of the network-send DMA, which the firmware's
 * other work goes on beside. A packet without data (a short message, an ACK) goes from the line to the DMA by
 * itself, {@code latencyPs} later, without the LANai. A medium message's packet on a path without pipelining
 * comes out of the line as a timer the firmware takes ({@link Due}) and then waits for the path like any data
 * packet, holding it until its tail has left: the firmware injects it itself, so the fetch of the next message,
 * which may run while this one waits in the line, never overlaps its send (AM-II stays store-and-forward, and
 * the knob leaves the per-byte time alone).
 */
final class DelayLine {
    /** Medium packet {@code packet} has served its time in the line. */
    record Due(long packet) implements SendPath.Knob {
    }

    private final NicContext nic;
    private final long latencyPs;
    private final int sendDma;
    /** Medium packets in the line, by id: looked up, never iterated. */
    private final HashMap<Long, Packet> inLine = new HashMap<>();
    /** Medium packets out of the line, waiting for the path, in the order they came out. */
    private final ArrayDeque<Packet> out = new ArrayDeque<>();

    DelayLine(NicContext nic, long latencyPs, int sendDma) {
        this.nic = nic;
        this.latencyPs = latencyPs;
        this.sendDma = sendDma;
        if (latencyPs > 0 && sendDma < 0) {
            throw new IllegalArgumentException("added latency needs the send DMA's component");
        }
    }

    /** Whether packets go through the line (added latency set). */
    boolean on() {
        return latencyPs > 0;
    }

    /** Puts {@code p} in the line; {@code viaPath}: a medium packet the firmware injects itself when it is due. */
    void put(Packet p, boolean viaPath) {
        if (viaPath) {
            inLine.put(p.id(), p);
            nic.timer(latencyPs, new Due(p.id()));
        } else {
            // The one-cycle signal transmit() would send the DMA, plus the line's time.
            nic.tell(sendDma, nic.settings().lanai().cycles(1) + latencyPs, new SendDma.Transmit(p));
        }
    }

    /** A medium packet's time in the line is over: it waits for the path. */
    void due(Due d) {
        out.add(inLine.remove(d.packet()));
    }

    /** The next medium packet out of the line, or null. */
    Packet next() {
        return out.poll();
    }
}
