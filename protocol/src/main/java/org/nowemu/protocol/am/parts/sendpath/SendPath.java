package org.nowemu.protocol.am.parts.sendpath;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.function.Function;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.am.parts.channels.Channel;
import org.nowemu.protocol.am.parts.endpoints.EndpointFrame;
import org.nowemu.protocol.am.parts.endpoints.EndpointTable;
import org.nowemu.protocol.am.stack.SensitivityKnobs;
import org.nowemu.protocol.am.wire.Header;
import org.nowemu.protocol.parts.dma.HostDmas;

/**
 * The path from host memory to the wire: the packets waiting for it, in two queues, and the data transfer of a
 * message (host DMA of its data into SRAM, then the network send DMA). Control packets (ACKs, NACKs, returned
 * messages, raw packets) go first and never wait for the path; data packets (retransmissions, messages that got a
 * channel while the path was taken) go in order when it is free; then the firmware may start a new message
 * ({@link #drain} says when).
 *
 * <p>Without pipelining (AM-II) the path takes one data message at a time, from the start of its host DMA until its
 * tail has left on the wire, so a medium message is stored and forwarded whole and the next one's host DMA does not
 * overlap this one's network DMA; with it (GAM) the two DMAs of successive messages overlap. A packet for this NIC
 * itself skips the wire: it comes back to the firmware one cycle later as a timer.
 *
 * <p>The sensitivity study's knobs ({@link SensitivityKnobs}, all 0 by default, and then none of this happens):
 * added g stalls the LANai after each data packet it puts on the wire; added L hands every packet to a
 * {@link DelayLine} in front of the network-send DMA; added G stretches each fetch of a message's data by its
 * bytes times the added per-byte time ({@link Stretched}), the path held as for the DMA.
 *
 * <p>A data packet on a channel ({@link Channel}, reliable transport) is sent only if it is still that channel's (it
 * may have been returned to its sender meanwhile), and its channel records each transmission's time stamp.
 * Counters: {@code vn.data_sent}, {@code vn.dropped.reset_in_fetch}.
 */
public final class SendPath implements HostDmas.Client<SendPath.Fetched> {
    /** A packet waiting for the path. */
    private sealed interface Work permits Control, Raw, Fetch, Resend {
    }

    /** An ACK, NACK or returned message for {@code dest}. */
    private record Control(int dest, byte[] route, Header h) implements Work {
    }

    /** A packet a privileged endpoint made, route and all. */
    private record Raw(Packet packet) implements Work {
    }

    /** A message that got channel {@code ch} (null: unreliable transport) while the path was taken. */
    private record Fetch(Header h, byte[] route, int dest, Channel ch) implements Work {
    }

    /** Another transmission of the packet on {@code ch}, if it is still there when the path is free. */
    private record Resend(Header h, byte[] route, int dest, Channel ch) implements Work {
    }

    /** A message's data has crossed the bus into SRAM ({@code from}: its endpoint, null if closed since). */
    public record Fetched(Header h, byte[] route, int dest, Channel ch, EndpointFrame from) {
    }

    /** A timer tag of the sensitivity knobs: the firmware hands it back to {@link #onKnob}. */
    public sealed interface Knob permits Stretched, DelayLine.Due {
    }

    /** Added G: stretch {@code n} of a fetch is over. */
    record Stretched(long n) implements Knob {
    }

    private final NicContext nic;
    private final EndpointTable endpoints;
    private final HostDmas dmas;
    private final boolean pipeline;
    private final boolean streaming;
    private final int sendCycles;
    private final Function<Packet, Object> loopbackTag;
    private final SensitivityKnobs knobs;
    private final DelayLine line;
    /** Fetches being stretched, by number: looked up, never iterated. */
    private final HashMap<Long, Fetched> stretching = new HashMap<>();
    private long stretches;
    private final ArrayDeque<Work> control = new ArrayDeque<>();
    private final ArrayDeque<Work> data = new ArrayDeque<>();
    /** Without pipelining: the data packet holding the path until its tail has left (-1: none yet). */
    private long holder = -1;
    private boolean busy;

    /**
     * @param pipeline    overlap host and network DMAs of successive messages
     * @param streaming   data comes by streaming DMA (else consistent)
     * @param sendCycles  building a data packet's header and starting its DMAs (LANai cycles)
     * @param loopbackTag the timer tag that brings a packet for this NIC back to its firmware
     * @param knobs       the stack's sensitivity knobs (g, L and G are applied here)
     * @param sendDma     the network-send DMA's component, where the added-latency delay line leads (-1: none,
     *                    and then added L must be 0)
     */
    public SendPath(NicContext nic, EndpointTable endpoints, HostDmas dmas, boolean pipeline, boolean streaming,
                    int sendCycles, Function<Packet, Object> loopbackTag, SensitivityKnobs knobs, int sendDma) {
        this.nic = nic;
        this.endpoints = endpoints;
        this.dmas = dmas;
        this.pipeline = pipeline;
        this.streaming = streaming;
        this.sendCycles = sendCycles;
        this.loopbackTag = loopbackTag;
        this.knobs = knobs;
        this.line = new DelayLine(nic, knobs.latencyPs(), sendDma);
    }

    /** Queues a control packet for {@code dest} (route null: this NIC). */
    public void control(int dest, byte[] route, Header h) {
        control.add(new Control(dest, route, h));
    }

    /** Queues a raw packet. */
    public void raw(Packet p) {
        control.add(new Raw(p));
    }

    /** Starts a new message now: fetches its data, then sends it ({@code ch}: its channel, null if unreliable). */
    public void send(Header h, byte[] route, int dest, Channel ch) {
        fetchThenSend(h, route, dest, ch);
    }

    /** Queues a message that got its channel behind the data already waiting. */
    public void queue(Header h, byte[] route, int dest, Channel ch) {
        data.add(new Fetch(h, route, dest, ch));
    }

    /** Queues another transmission of {@code h}, the packet now on {@code ch}. */
    public void resend(Header h, byte[] route, int dest, Channel ch) {
        data.add(new Resend(h, route, dest, ch));
    }

    /**
     * Sends what waits: every control packet, then data packets while the path is free. Returns whether the path is
     * free for a new message.
     */
    public boolean drain() {
        while (true) {
            Work w = control.poll();
            if (w == null) {
                if (busy) {
                    return false;
                }
                Packet due = line.next();
                if (due != null) {
                    // Out of the delay line: it takes the path until its tail has left, as it would have at once.
                    nic.transmit(due);
                    busy = true;
                    holder = due.id();
                    continue;
                }
                w = data.poll();
                if (w == null) {
                    return true;
                }
            }
            run(w);
        }
    }

    /** The send DMA has put packet {@code packetId}'s tail on the wire. */
    public void sent(long packetId) {
        if (packetId == holder) {
            holder = -1;
            busy = false;
        }
    }

    @Override
    public void dmaDone(Fetched f) {
        long stretch = (long) f.h().data().length * knobs.perBytePs();
        if (stretch > 0) {
            stretching.put(++stretches, f);
            nic.timer(stretch, new Stretched(stretches));
        } else {
            fetched(f);
        }
    }

    /** A knob's timer: a stretched fetch has ended, or a packet comes out of the delay line. */
    public void onKnob(Knob k) {
        if (k instanceof Stretched st) {
            fetched(stretching.remove(st.n()));
        } else if (k instanceof DelayLine.Due d) {
            line.due(d);
        }
    }

    /** The data of {@code f} is in SRAM: the packet goes. */
    private void fetched(Fetched f) {
        if (f.from() != null) {
            f.from().inFetch--;
        }
        if (f.ch() != null && f.ch().packet != f.h()) {
            // Its channel was reset while its data crossed the bus (the receiver had restarted and refused
            // another packet): the message has gone back to its sender, and the channel may carry another.
            nic.counter("vn.dropped.reset_in_fetch").increment();
            busy = false;
            return;
        }
        nic.cycles(sendCycles);
        nic.counter("vn.data_sent").increment();
        transmitData(f.dest(), f.route(), stamp(f.h(), f.ch()));
    }

    private void run(Work w) {
        if (w instanceof Control c) {
            transmitTo(c.dest(), c.route(), c.h());
        } else if (w instanceof Raw r) {
            nic.transmit(r.packet());
        } else if (w instanceof Fetch f) {
            fetchThenSend(f.h(), f.route(), f.dest(), f.ch());
        } else if (w instanceof Resend r && r.ch().busy && r.ch().packet == r.h()) {
            nic.cycles(sendCycles);
            transmitData(r.dest(), r.route(), stamp(r.h(), r.ch()));
        }
    }

    /** Medium data comes from the host's staging area by DMA first; then the packet goes on the wire. */
    private void fetchThenSend(Header h, byte[] route, int dest, Channel ch) {
        if (!pipeline) {
            busy = true;
        }
        // Null if the endpoint was closed after the message took its channel: the NIC still sends what it owns.
        EndpointFrame from = endpoints.at(h.srcEp());
        if (from != null) {
            from.inFetch++;
        }
        Fetched done = new Fetched(h, route, dest, ch, from);
        if (h.data().length > 0) {
            dmas.fromHost(h.data().length, streaming, this, done);
        } else {
            dmaDone(done);
        }
    }

    /** Records the transmission's time stamp on its channel (reliable transport) and in the header. */
    private Header stamp(Header h, Channel ch) {
        return ch == null || h.type() != Header.DATA ? h : ch.transmitted(h, nic.now());
    }

    /** A data packet: without pipelining it holds the path until its tail has left. */
    private void transmitData(int dest, byte[] route, Header h) {
        Packet p = transmitTo(dest, route, h, !pipeline && h.data().length > 0);
        if (!pipeline) {
            // In the delay line a packet holds the path only once it is out (DelayLine).
            boolean held = dest != nic.nic() && !line.on();
            busy = held;
            holder = held ? p.id() : -1;
        }
        if (knobs.gapPs() > 0) {
            nic.cycles(Math.round(knobs.gapPs() * nic.settings().lanai().hertz() / 1e12));
        }
    }

    private Packet transmitTo(int dest, byte[] route, Header h) {
        return transmitTo(dest, route, h, false);
    }

    private Packet transmitTo(int dest, byte[] route, Header h, boolean viaPath) {
        Packet p = nic.packet(route == null ? new byte[0] : route, h.encode());
        if (dest == nic.nic()) {
            nic.timer(nic.settings().lanai().cycles(1), loopbackTag.apply(p));
        } else if (line.on()) {
            line.put(p, viaPath);
        } else {
            nic.transmit(p);
        }
        return p;
    }
}
