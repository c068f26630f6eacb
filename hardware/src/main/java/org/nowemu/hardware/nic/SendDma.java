package org.nowemu.hardware.nic;

import org.nowemu.actors.stats.Counter;
import java.util.ArrayDeque;
import org.nowemu.actors.runtime.Component;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.hardware.link.Flit;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.link.Peer;
import org.nowemu.hardware.link.StopGo;
import org.nowemu.hardware.link.Transmitter;
import org.nowemu.hardware.profile.HardwareProfile;

/**
 * The NIC's network-send DMA: takes packets from SRAM, in the order the processor queued them, and streams each
 * onto the host link as flits, at the slower of its own rate and the link's, after a start-up per packet. It
 * obeys the link's STOP/GO, so a stalled network holds it back, and tells the processor when a packet's tail has
 * left.
 *
 * <p>Counters: {@code nic.tx.packets}, {@code nic.tx.bytes} (wire bytes), {@code nic.tx.stops} (STOPs received).
 */
public final class SendDma extends Component {
    /** The processor hands a packet to send. */
    public record Transmit(Packet packet) {
    }

    /** The NIC's cable is cut or repaired now (a boundary of its cut ranges). */
    private record Cut() {
    }

    private record TxReady() {
    }

    private Counter txBytesCounter;
    private final HardwareProfile profile;
    private final NicParts parts;
    private final Peer link;
    private final ArrayDeque<Packet> queue = new ArrayDeque<>();
    private Transmitter tx;
    private Packet current;
    private int nextFlit;
    private int flits;

    /**
     * @param profile the hardware profile (send DMA start-up and rate, link rate and errors, flit size)
     * @param parts   this NIC's parts
     * @param link    the receiver at the far end of the host cable, or null for a NIC with no cable
     */
    public SendDma(HardwareProfile profile, NicParts parts, Peer link) {
        this.profile = profile;
        this.parts = parts;
        this.link = link;
    }

    @Override
    protected Receive createReceive() {
        return Receive.builder()
                .on(Transmit.class, this::onTransmit)
                .on(TxReady.class, r -> {
                    tx.woken();
                    pump();
                })
                .on(StopGo.class, this::onStopGo)
                .on(Cut.class, c -> onCut())
                .build();
    }

    @Override
    protected void onStart() {
        if (link != null) {
            tx = new Transmitter(link, profile.link().rate().min(profile.nic().sendDmaRate()),
                    profile.link().bitErrorRate(), random());
            long change = link.untilCutChange(now(), true);
            if (change >= 0) {
                schedule(change, new Cut());
            }
        }
    }

    /** Cut: send into nothing, never stopped. Repaired: wait for the switch's GO. Then wait for the next change. */
    private void onCut() {
        tx.followCuts(now());
        long next = link.untilCutChange(now(), false);
        if (next >= 0) {
            schedule(next, new Cut());
        }
        pump();
    }

    private void onTransmit(Transmit t) {
        if (tx == null) {
            throw new IllegalStateException(nameOf(id()) + ": no cable to send packet " + t.packet().id() + " on");
        }
        queue.add(t.packet());
        pump();
    }

    private void onStopGo(StopGo s) {
        // A symbol that was on the cable when it was cut is lost with it (a stale GO must not end the wait on
        // repair); a cable that is never cut skips the check.
        if (link.metCut(now(), profile.link().propagation())) {
            return;
        }
        tx.control(s.go());
        if (!s.go()) {
            counter("nic.tx.stops").increment();
        }
        pump();
    }

    private void pump() {
        int flitBytes = profile.flitBytes();
        while (current != null || !queue.isEmpty()) {
            if (current == null) {
                current = queue.poll();
                nextFlit = 0;
                flits = (current.wireBytes() + flitBytes - 1) / flitBytes;
                tx.delay(now(), profile.nic().lanai().cycles(profile.nic().sendDmaStartup()));
            }
            if (!tx.ready(now())) {
                if (tx.needsWake(now())) {
                    schedule(tx.busyUntil() - now(), new TxReady());
                }
                return;
            }
            int offset = nextFlit * flitBytes;
            int bytes = Math.min(flitBytes, current.wireBytes() - offset);
            boolean tail = nextFlit == flits - 1;
            Flit f = new Flit(0, current.id(), nextFlit, bytes, tail, false, 0, nextFlit == 0 ? current : null, Flit.NO_FLIPS);
            Flit sent = tx.transmit(now(), f, false);
            if (tx.corruptedRoute()) {
                counter("link.route_corruptions").increment();
            }
            if (link.cut(now())) {
                counter("nic.tx.cut_flits").increment();
            } else if (tx.drops(now(), sent)) {
                counter("nic.tx.dropped_flits").increment();
            } else {
                send(link.component(), link.delay(), sent);
            }
            txBytes().add(bytes);
            nextFlit++;
            if (tail) {
                counter("nic.tx.packets").increment();
                long cycle = profile.nic().lanai().cycles(1);
                send(parts.processor(), tx.busyUntil() - now() + cycle, new NicEvent.PacketSent(current.id()));
                current = null;
            }
        }
    }

    /** {@code nic.tx.bytes}, looked up once: it counts every flit. */
    private Counter txBytes() {
        if (txBytesCounter == null) {
            txBytesCounter = counter("nic.tx.bytes");
        }
        return txBytesCounter;
    }
}
