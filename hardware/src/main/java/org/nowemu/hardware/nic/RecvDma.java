package org.nowemu.hardware.nic;

import org.nowemu.actors.stats.Counter;
import org.nowemu.actors.runtime.Component;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.hardware.link.Crc8;
import org.nowemu.hardware.link.Flit;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.link.Peer;
import org.nowemu.hardware.link.SlackBuffer;
import org.nowemu.hardware.link.StopGo;
import org.nowemu.hardware.link.TimeRanges;
import org.nowemu.hardware.profile.HardwareProfile;

/**
 * The NIC's network-receive DMA: drains the host link's slack buffer into SRAM packet buffers that the processor
 * has posted, at its own rate, after a start-up per packet. With no buffer posted it stops draining, the slack
 * buffer fills and STOP holds the network back, hop by hop, to the sender. At each tail it checks the CRC-8 over
 * the bytes as they arrived (bit errors flipped), notices truncation and leftover route bytes, and tells the
 * processor.
 *
 * <p>When the host cable is cut, whatever is on it is lost and a packet that has not all arrived ends with a
 * truncated tail (the NIC sees the link die mid-packet); on repair it sends GO if it has room, and discards the
 * headless rest of a packet the far end was sending when the cut came.
 *
 * <p>Counters: {@code nic.rx.packets} (all, good or bad), {@code nic.rx.bytes}, {@code nic.rx.crc_errors},
 * {@code nic.rx.truncated}, {@code nic.rx.misrouted}, {@code nic.rx.oversize}, {@code nic.rx.stops_sent},
 * {@code nic.rx.stalled_drains} (times it would have drained but was stalled), {@code nic.rx.cut_flits} (lost on
 * the cable when it was cut), {@code nic.rx.fragments} (headless rests discarded).
 */
public final class RecvDma extends Component {
    /** The processor posts {@code buffers} more SRAM packet buffers. */
    public record Post(int buffers) {
    }

    private record DrainReady() {
    }

    /** The host cable is cut or repaired now. */
    private record Cut() {
    }

    private Counter rxBytesCounter;
    private final HardwareProfile profile;
    private final NicParts parts;
    private final Peer back;
    private final TimeRanges stalls;
    private boolean cut;
    /** Whether the last flit that came in was a tail (so no packet is half-way in). */
    private boolean lastWasTail = true;
    private long lastPacket;
    private SlackBuffer buffer;
    private int posted;
    private boolean inPacket;
    private Packet head;
    private int headHop;
    private int[] flips = Flit.NO_FLIPS;
    private long busyUntil;
    private boolean wakePending;

    /**
     * @param profile the hardware profile (receive DMA start-up and rate, slack buffer, flit size)
     * @param parts   this NIC's parts
     * @param back    the transmitter at the far end of the host cable (for STOP/GO), or null with no cable
     */
    public RecvDma(HardwareProfile profile, NicParts parts, Peer back) {
        this(profile, parts, back, TimeRanges.NEVER);
    }

    /**
     * A receive DMA that stops draining from {@code stallFromPs} until {@code stallUntilPs} (a stalled receiver:
     * the slack buffer fills and STOP holds the network back), then drains again.
     */
    public RecvDma(HardwareProfile profile, NicParts parts, Peer back, long stallFromPs, long stallUntilPs) {
        this(profile, parts, back, stallFromPs == Long.MAX_VALUE ? TimeRanges.NEVER
                : TimeRanges.of(stallFromPs, stallUntilPs, 0, 1));
    }

    /** A receive DMA that stops draining inside the ranges {@code stalls} and drains between them. */
    public RecvDma(HardwareProfile profile, NicParts parts, Peer back, TimeRanges stalls) {
        this.profile = profile;
        this.parts = parts;
        this.back = back;
        this.stalls = stalls;
    }

    @Override
    protected Receive createReceive() {
        return Receive.builder()
                .on(Flit.class, this::onFlit)
                .on(Post.class, p -> {
                    posted += p.buffers();
                    drain();
                })
                .on(DrainReady.class, r -> {
                    wakePending = false;
                    drain();
                })
                .on(Cut.class, c -> onCut())
                .build();
    }

    @Override
    protected void onStart() {
        buffer = new SlackBuffer(profile.link(), profile.flitBytes(), 0);
        long change = back == null ? -1 : back.untilCutChange(now(), true);
        if (change >= 0) {
            schedule(change, new Cut());
        }
    }

    private void onCut() {
        if (back.cut(now()) && !cut) {
            cut = true;
            if (!lastWasTail) {
                // The rest of this packet will never come: end it as a switch ends a packet it cuts short.
                buffer.add(Flit.truncated(0, lastPacket));
                lastWasTail = true;
            }
            drain();
        } else if (!back.cut(now()) && cut) {
            cut = false;
            if (!buffer.holdingStop()) {
                send(back.component(), back.delay(), new StopGo(back.port(), true));
            }
        }
        long next = back.untilCutChange(now(), false);
        if (next >= 0) {
            schedule(next, new Cut());
        }
    }

    private void onFlit(Flit f) {
        if (back.metCut(now(), back.delay())) {
            counter("nic.rx.cut_flits").increment();
            return;
        }
        lastWasTail = f.tail();
        lastPacket = f.packetId();
        if (buffer.add(f)) {
            counter("nic.rx.stops_sent").increment();
            if (!back.cut(now())) {
                send(back.component(), back.delay(), new StopGo(back.port(), false));
            }
        }
        drain();
    }

    private void drain() {
        if (stalls.holds(now())) {
            long end = stalls.nextChangeFrom(now() + 1);
            if (!wakePending && buffer.peek() != null && end != TimeRanges.FOREVER) {
                wakePending = true;
                schedule(end - now(), new DrainReady());
            }
            counter("nic.rx.stalled_drains").increment();
            return;
        }
        for (Flit f = buffer.peek(); f != null; f = buffer.peek()) {
            if (busyUntil > now()) {
                if (!wakePending) {
                    wakePending = true;
                    schedule(busyUntil - now(), new DrainReady());
                }
                return;
            }
            if (!inPacket) {
                if (posted == 0) {
                    return; // no SRAM buffer: stop draining and let STOP hold the link
                }
                if (!f.isHead() && back.cuts().any()) {
                    // The rest of a packet whose head was lost to a cut: no header, nothing to receive.
                    counter("nic.rx.fragments").increment();
                    if (buffer.remove() && !back.cut(now())) {
                        send(back.component(), back.delay(), new StopGo(back.port(), true));
                    }
                    continue;
                }
                if (!f.isHead()) {
                    throw new IllegalStateException(nameOf(id()) + ": flit " + f.index() + " of packet " + f.packetId()
                            + " arrived without its head");
                }
                posted--;
                inPacket = true;
                head = f.head();
                headHop = f.hop();
                flips = Flit.NO_FLIPS;
                busyUntil = now() + profile.nic().lanai().cycles(profile.nic().recvDmaStartup());
                continue;
            }
            if (buffer.remove()) {
                if (!back.cut(now())) {
                    send(back.component(), back.delay(), new StopGo(back.port(), true));
                }
            }
            busyUntil = now() + profile.nic().recvDmaRate().psFor(f.bytes());
            rxBytes().add(f.bytes());
            collect(f);
            if (f.tail()) {
                finish(f.truncated());
            }
        }
    }

    private void collect(Flit f) {
        if (f.flips().length == 0) {
            return;
        }
        int base = f.index() * profile.flitBytes() * 8;
        int[] all = java.util.Arrays.copyOf(flips, flips.length + f.flips().length);
        for (int i = 0; i < f.flips().length; i++) {
            all[flips.length + i] = base + f.flips()[i];
        }
        flips = all;
    }

    private void finish(boolean truncated) {
        inPacket = false;
        counter("nic.rx.packets").increment();
        NicEvent.Status status;
        if (truncated) {
            status = NicEvent.Status.TRUNCATED;
            counter("nic.rx.truncated").increment();
        } else if (headHop != head.route().length) {
            status = NicEvent.Status.MISROUTED;
            counter("nic.rx.misrouted").increment();
        } else if (head.body().length > profile.nic().maxPacketBytes()) {
            status = NicEvent.Status.OVERSIZE;
            counter("nic.rx.oversize").increment();
        } else if (!crcHolds()) {
            status = NicEvent.Status.CRC_ERROR;
            counter("nic.rx.crc_errors").increment();
        } else {
            status = NicEvent.Status.OK;
        }
        long cycle = profile.nic().lanai().cycles(1);
        send(parts.processor(), busyUntil - now() + cycle, new NicEvent.PacketReceived(head, status));
        head = null;
    }

    /** Recomputes the CRC over the body and check byte as they arrived, with the wire's flipped bits applied. */
    private boolean crcHolds() {
        if (flips.length == 0) {
            return true;
        }
        byte[] body = head.body().clone();
        byte crc = head.crc();
        int start = head.route().length;
        for (int bit : flips) {
            int at = bit / 8 - start;
            int mask = 1 << (bit % 8);
            if (at >= 0 && at < body.length) {
                body[at] ^= (byte) mask;
            } else if (at == body.length) {
                crc ^= (byte) mask;
            }
        }
        return Crc8.of(body) == crc;
    }

    /** {@code nic.rx.bytes}, looked up once: it counts every flit. */
    private Counter rxBytes() {
        if (rxBytesCounter == null) {
            rxBytesCounter = counter("nic.rx.bytes");
        }
        return rxBytesCounter;
    }
}
