package org.nowemu.hardware.switching;

import java.util.ArrayDeque;
import java.util.List;
import java.util.SplittableRandom;
import org.nowemu.hardware.link.Flit;
import org.nowemu.hardware.link.Peer;
import org.nowemu.hardware.link.PortWiring;
import org.nowemu.hardware.link.SlackAccount;
import org.nowemu.hardware.link.StopGo;
import org.nowemu.hardware.link.Transmitter;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.switching.SwitchPort.Cross;
import org.nowemu.hardware.switching.SwitchPort.Done;
import org.nowemu.hardware.switching.SwitchPort.Notice;
import org.nowemu.hardware.switching.SwitchPort.Repaired;
import org.nowemu.hardware.switching.SwitchPort.Truncate;

/**
 * The sending half of a {@link SwitchPort}: the flits the inputs stream across wait here in one lane per input;
 * the round-robin {@link Arbiter} gives the transmitter to one packet at a time, which holds it from head to tail
 * while its flits go out at the link rate. Each lane also keeps its input's slack count while this output drains
 * it, and sends STOP and GO up that input's cable.
 */
final class PortOutput {
    private static final int IDLE = 0;
    private static final int WAITING = 1;
    private static final int GRANTED = 2;
    private static final int DROPPING = 3;

    /** What one input has sent this output, and where its packet stands. */
    private static final class Lane {
        final ArrayDeque<Flit> flits = new ArrayDeque<>();
        final SlackAccount account;
        int state = IDLE;
        long packet;
        /** When its head asked the arbiter for the port. */
        long since;
        long epoch;
        boolean blocked;
        /** Whether the granted packet's head has gone out (so the port downstream holds a path for it). */
        boolean headOut;

        Lane(SlackAccount account) {
            this.account = account;
        }
    }

    private final SwitchPort port;
    private final HardwareProfile profile;
    private final int index;
    private final Peer back;
    private final Transmitter tx;
    private final Arbiter arbiter;
    private final Lane[] lanes;
    /** The input whose packet holds the transmitter, or -1. */
    private int owner = -1;

    PortOutput(SwitchPort port, HardwareProfile profile, int index, List<PortWiring> wiring, SplittableRandom random) {
        this.port = port;
        this.profile = profile;
        this.index = index;
        PortWiring w = wiring.get(index);
        this.back = w.back();
        this.tx = new Transmitter(w.out(), profile.link().rate(), profile.link().bitErrorRate(), random);
        this.arbiter = new Arbiter(wiring.size());
        this.lanes = new Lane[wiring.size()];
    }

    /** The lane of input {@code in}, made on the first flit it sends here. */
    private Lane lane(int in) {
        Lane l = lanes[in];
        if (l == null) {
            l = new Lane(new SlackAccount(profile.link(), profile.flitBytes(), profile.switches().fallThrough()));
            lanes[in] = l;
        }
        return l;
    }

    void onCross(Cross c) {
        Lane l = lane(c.input());
        if (c.account() != null) {
            l.account.reset(c.account().bytes(), c.account().holdingStop());
        }
        if (!c.counted() && l.account.add(c.flit().bytes())) {
            port.stopGo(c.input(), false);
        }
        l.flits.add(c.flit());
        pump(c.input());
    }

    /** A flit waiting at the input (or dropped there) counts in the input's slack buffer all the same. */
    void onNotice(Notice n) {
        Lane l = lane(n.input());
        if (l.account.add(n.bytes())) {
            port.stopGo(n.input(), false);
        }
        if (n.dropped() && l.account.remove(n.bytes())) {
            port.stopGo(n.input(), true);
        }
    }

    void onTxReady() {
        tx.woken();
        if (owner >= 0) {
            pump(owner);
        }
    }

    void onStopGo(StopGo s) {
        if (back.metCut(port.time(), profile.link().propagation())) {
            return;
        }
        tx.control(s.go());
        if (s.go() && owner >= 0) {
            pump(owner);
        }
    }

    /** A boundary of the cable's cut ranges: cut or repair the transmitter if the cable's state changed. */
    void onCut() {
        if (tx.followCuts(port.time()) > 0 && owner >= 0) {
            pump(owner); // what goes out here now streams into nothing
        }
    }

    void onRepaired(Repaired r) {
        if (!lane(r.input()).account.holdingStop()) {
            port.stopGo(r.input(), true);
        }
    }

    /** Moves the flits waiting in lane {@code in} as far as the arbiter and the transmitter allow. */
    private void pump(int in) {
        Lane l = lanes[in];
        long now = port.time();
        for (Flit f = l.flits.peek(); f != null; f = l.flits.peek()) {
            if (l.state == IDLE) {
                // A head: the input read its route byte and sent it here.
                l.packet = f.packetId();
                l.state = WAITING;
                l.since = now;
                arbiter.request(in);
                if (owner < 0) {
                    grant();
                }
                if (l.state == WAITING) {
                    markBlocked(in, l);
                    return;
                }
            } else if (l.state == WAITING) {
                return;
            } else if (l.state == DROPPING) {
                take(in, l);
                progress(l);
                if (f.tail()) {
                    l.state = IDLE;
                    done(in, l);
                }
            } else {
                if (!tx.ready(now)) {
                    if (tx.needsWake(now)) {
                        port.wake(tx.busyUntil() - now);
                    }
                    if (tx.stopped()) {
                        markBlocked(in, l);
                    }
                    return;
                }
                take(in, l);
                progress(l);
                emit(tx.transmit(now, f, true));
                if (tx.corruptedRoute()) {
                    port.count("link.route_corruptions").increment();
                }
                if (f.isHead()) {
                    port.count("switch.packets").increment();
                    l.headOut = true;
                }
                if (f.tail()) {
                    release();
                    l.state = IDLE;
                    done(in, l);
                }
            }
        }
    }

    /** Sends a flit out of the port, or loses it if the cable is cut. */
    private void emit(Flit f) {
        Peer peer = tx.peer();
        long now = port.time();
        if (peer.cut(now)) {
            port.count("switch.cut_flits").increment();
        } else if (tx.drops(now, f)) {
            port.count("switch.dropped_flits").increment();
        } else {
            port.post(peer.component(), peer.delay(), f);
        }
    }

    /** Gives the free transmitter to the next waiting input, which then streams its packet through. */
    private void grant() {
        int winner = arbiter.grant();
        if (winner >= 0) {
            owner = winner;
            Lane l = lanes[winner];
            l.state = GRANTED;
            l.headOut = false;
            port.waited(port.time() - l.since);
            progress(l);
            pump(winner);
        }
    }

    private void release() {
        owner = -1;
        grant();
    }

    private void take(int in, Lane l) {
        if (l.account.remove(l.flits.poll().bytes())) {
            port.stopGo(in, true);
        }
    }

    /**
     * Tells input {@code in} its packet's tail has left, so its next packet may go to another output; unless the
     * next packet is here already (the input sent it after that tail, so it waits for that one's tail instead).
     */
    private void done(int in, Lane l) {
        if (l.flits.isEmpty()) {
            port.cross(in, new Done(index, l.packet, l.account.holdingStop()));
        }
    }

    private void progress(Lane l) {
        l.epoch++;
        l.blocked = false;
    }

    private void markBlocked(int in, Lane l) {
        if (!l.blocked) {
            l.blocked = true;
            port.checkBlocked(in, l.epoch);
        }
    }

    void onBlockCheck(int in, long epoch) {
        Lane l = lanes[in];
        if (l.blocked && l.epoch == epoch) {
            truncate(in, l);
            l.state = DROPPING;
            progress(l);
            pump(in);
        }
    }

    /** The cable into {@code t.input()} was cut: its packet ends here, and the rest of it will never come. */
    void onTruncate(Truncate t) {
        Lane l = lane(t.input());
        truncate(t.input(), l);
        while (!l.flits.isEmpty()) {
            take(t.input(), l);
        }
        l.state = IDLE;
        progress(l);
        port.cross(t.input(), new Done(index, t.packetId(), l.account.holdingStop()));
    }

    /**
     * Ends lane {@code in}'s packet: a truncated tail downstream if its head went, and the port is freed. A packet
     * can hold the granted port with its head not yet out: the tail of the packet before it left, then STOP came
     * back and held the head. Downstream nothing of it arrived and no path is held, so nothing goes out; a tail
     * sent there would reach an input between packets with no head to end.
     */
    private void truncate(int in, Lane l) {
        if (l.state == WAITING) {
            port.count("switch.truncated").increment();
            arbiter.withdraw(in);
        } else if (l.state == GRANTED) {
            port.count("switch.truncated").increment();
            if (l.headOut) {
                emit(Flit.truncated(tx.peer().port(), l.packet));
            }
            release();
        }
    }
}
