package org.nowemu.hardware.switching;

import java.util.List;
import org.nowemu.actors.runtime.Component;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.hardware.link.Flit;
import org.nowemu.hardware.link.PortWiring;
import org.nowemu.hardware.link.SlackBuffer;
import org.nowemu.hardware.link.Peer;
import org.nowemu.hardware.link.StopGo;
import org.nowemu.hardware.link.Transmitter;
import org.nowemu.hardware.profile.HardwareProfile;

/**
 * An N-port Myrinet crossbar with cut-through (wormhole) routing. Each input port has a STOP/GO slack buffer;
 * the head flit of a packet names its output port by the next source-route byte, read as Myrinet does: a signed
 * offset from the port the packet came in on (0 sends it back out the same port); the output's round-robin
 * {@link Arbiter} gives the port to one packet at a time, which then holds it from head to tail while its flits
 * stream through at the link rate. Flits reach the crossbar one fall-through after they reach the port (the
 * sender adds it to their delay), so a head leaves one fall-through after it arrives. A route byte naming a port
 * with no cable, or a packet out of route bytes, is dropped whole. A packet blocked for the link's block timeout
 * (its head waiting for an output, or its flits held by STOP) is truncated: a truncated tail goes out if the head
 * did, and the rest of the packet is discarded as it arrives.
 *
 * <p>A cable can be cut during time ranges (its {@link Peer}s say when): meanwhile what the switch sends along it
 * is lost, and so is whatever was on the cable when it was cut; the output's transmitter is not stopped; a packet
 * that was coming in on it without its tail yet is ended downstream with a truncated tail, as a blocked one would
 * be. When the cable is repaired, each end tells the other its STOP/GO state (GO unless its slack buffer is
 * holding STOP) and the transmitter waits for that GO; the rest of a packet cut in the middle then arrives
 * without its head and is discarded (there is no route byte to read).
 *
 * <p>Counters: {@code switch.packets} (heads forwarded), {@code switch.dropped_route} (bad or missing route
 * byte), {@code switch.truncated}, {@code switch.stops_sent}, {@code switch.cut_flits} (sent into a cut cable or
 * on it when it was cut), {@code switch.fragments} (headless rests of cut packets discarded),
 * {@code link.route_corruptions} (route bytes replaced by an injected {@code corrupt-route} fault).
 */
public final class Switch extends Component {
    /** The output a switch itself wakes up for when a transmitter's flit is done. */
    private record TxReady(int output) {
    }

    /** The cable on {@code port} is cut or repaired now (a boundary of its cut ranges). */
    private record Cut(int port) {
    }

    /** A check that an input blocked since {@code epoch} has still made no progress. */
    private record BlockCheck(int input, long epoch) {
    }

    private static final int IDLE = -1;
    private static final int WAITING = -2;
    private static final int DROPPING = -3;

    private final HardwareProfile profile;
    private final List<PortWiring> wiring;
    private final int ports;
    private SlackBuffer[] inputs;
    private Transmitter[] outputs;
    private Arbiter[] arbiters;
    /** Per input: IDLE, WAITING (for want[i]), DROPPING, or the granted output. */
    private int[] state;
    private int[] want;
    private long[] wormId;
    private int[] owner;
    private long[] epoch;
    private boolean[] blocked;

    /**
     * @param profile the hardware profile (switch ports and fall-through, link rate, slack and block timeout)
     * @param wiring  one entry per port, {@link PortWiring#UNPLUGGED} where no cable is plugged in
     */
    public Switch(HardwareProfile profile, List<PortWiring> wiring) {
        this.profile = profile;
        this.wiring = List.copyOf(wiring);
        this.ports = wiring.size();
    }

    @Override
    protected Receive createReceive() {
        return Receive.builder()
                .on(Flit.class, this::onFlit)
                .on(TxReady.class, this::onTxReady)
                .on(StopGo.class, this::onStopGo)
                .on(BlockCheck.class, this::onBlockCheck)
                .on(Cut.class, this::onCut)
                .build();
    }

    @Override
    protected void onStart() {
        inputs = new SlackBuffer[ports];
        outputs = new Transmitter[ports];
        arbiters = new Arbiter[ports];
        state = new int[ports];
        want = new int[ports];
        wormId = new long[ports];
        owner = new int[ports];
        epoch = new long[ports];
        blocked = new boolean[ports];
        for (int p = 0; p < ports; p++) {
            PortWiring w = wiring.get(p);
            inputs[p] = new SlackBuffer(profile.link(), profile.flitBytes(), profile.switches().fallThrough());
            if (w.plugged()) {
                outputs[p] = new Transmitter(w.out(), profile.link().rate(), profile.link().bitErrorRate(), random());
            }
            arbiters[p] = new Arbiter(ports);
            state[p] = IDLE;
            owner[p] = IDLE;
            long change = w.plugged() ? w.out().untilCutChange(now(), true) : -1;
            if (change >= 0) {
                schedule(change, new Cut(p));
            }
        }
    }

    /** A boundary of the cable's cut ranges: cut or repair it if its state changed, and wait for the next. */
    private void onCut(Cut c) {
        int p = c.port();
        int change = outputs[p].followCuts(now());
        if (change > 0 && owner[p] >= 0) {
            pump(owner[p]); // what goes out here now streams into nothing
        }
        int s = state[p];
        if (change > 0 && (s == WAITING || s >= 0) && !inputs[p].holdsTail()) {
            truncate(p); // the rest of the packet coming in will never arrive
        } else if (change < 0) {
            // Repaired. The input is between packets (a packet cut short was truncated and nothing arrived
            // since), so one left dropping becomes idle; the far transmitter waits for our GO.
            if (s == DROPPING && inputs[p].isEmpty()) {
                state[p] = IDLE;
            }
            if (!inputs[p].holdingStop()) {
                stopGo(p, true);
            }
        }
        long next = wiring.get(p).out().untilCutChange(now(), false);
        if (next >= 0) {
            schedule(next, new Cut(p));
        }
    }

    /** Sends STOP or GO back up the cable of input {@code in}, unless that cable is cut. */
    private void stopGo(int in, boolean go) {
        PortWiring w = wiring.get(in);
        if (!w.back().cut(now())) {
            send(w.back().component(), w.back().delay(), new StopGo(w.back().port(), go));
        }
    }

    /** Sends a flit out of {@code out}, or loses it if the cable is cut. */
    private void emit(Transmitter out, Flit f) {
        if (out.peer().cut(now())) {
            counter("switch.cut_flits").increment();
        } else if (out.drops(now(), f)) {
            counter("switch.dropped_flits").increment();
        } else {
            send(out.peer().component(), out.peer().delay(), f);
        }
    }

    private void onFlit(Flit f) {
        int in = f.port();
        if (wiring.get(in).back().metCut(now(), profile.link().propagation() + profile.switches().fallThrough())) {
            counter("switch.cut_flits").increment();
            return;
        }
        if (inputs[in].add(f)) {
            counter("switch.stops_sent").increment();
            stopGo(in, false);
        }
        pump(in);
    }

    private void onTxReady(TxReady r) {
        outputs[r.output()].woken();
        if (owner[r.output()] >= 0) {
            pump(owner[r.output()]);
        }
    }

    private void onStopGo(StopGo s) {
        if (wiring.get(s.port()).back().metCut(now(), profile.link().propagation())) {
            return;
        }
        outputs[s.port()].control(s.go());
        if (s.go() && owner[s.port()] >= 0) {
            pump(owner[s.port()]);
        }
    }

    /** Moves the flits waiting at input {@code in} as far as the crossbar and its output allow. */
    private void pump(int in) {
        SlackBuffer buffer = inputs[in];
        for (Flit f = buffer.peek(); f != null; f = buffer.peek()) {
            int s = state[in];
            if (s == IDLE) {
                route(in, f);
                if (state[in] == WAITING) {
                    markBlocked(in);
                    return;
                }
            } else if (s == WAITING) {
                return;
            } else if (s == DROPPING) {
                take(in);
                progress(in);
                if (f.tail()) {
                    state[in] = IDLE;
                }
            } else {
                Transmitter out = outputs[s];
                if (!out.ready(now())) {
                    if (out.needsWake(now())) {
                        schedule(out.busyUntil() - now(), new TxReady(s));
                    }
                    if (out.stopped()) {
                        markBlocked(in);
                    }
                    return;
                }
                take(in);
                progress(in);
                emit(out, out.transmit(now(), f, true));
                if (out.corruptedRoute()) {
                    counter("link.route_corruptions").increment();
                }
                if (f.isHead()) {
                    counter("switch.packets").increment();
                }
                if (f.tail()) {
                    release(s);
                    state[in] = IDLE;
                }
            }
        }
    }

    /** Reads the head's route byte: ask for the output, or drop the packet when the byte leads nowhere. */
    private void route(int in, Flit head) {
        if (!head.isHead() && wiring.get(in).back().cuts().any()) {
            // The rest of a packet whose head was lost to a cut: no route byte to read, so it goes nowhere.
            counter("switch.fragments").increment();
            state[in] = DROPPING;
            return;
        }
        if (!head.isHead()) {
            throw new IllegalStateException(nameOf(id()) + " port " + in + ": flit " + head.index() + " of packet "
                    + head.packetId() + " arrived without its head");
        }
        byte[] route = head.head().route();
        // Relative addressing: each switch maps (entry port, offset) to one output, so a route from a given
        // entry is a one-to-one walk over cables; the mapper's loop-back comparisons rely on it.
        int o = head.hop() < route.length ? in + route[head.hop()] : -1;
        if (o < 0 || o >= ports || outputs[o] == null) {
            counter("switch.dropped_route").increment();
            state[in] = DROPPING;
            return;
        }
        wormId[in] = head.packetId();
        state[in] = WAITING;
        want[in] = o;
        arbiters[o].request(in);
        if (owner[o] == IDLE) {
            grant(o);
        }
    }

    /** Gives a free output to the next waiting input, which then streams its packet through. */
    private void grant(int o) {
        int winner = arbiters[o].grant();
        if (winner >= 0) {
            owner[o] = winner;
            state[winner] = o;
            progress(winner);
            pump(winner);
        }
    }

    private void release(int o) {
        owner[o] = IDLE;
        grant(o);
    }

    private void take(int in) {
        if (inputs[in].remove()) {
            stopGo(in, true);
        }
    }

    private void progress(int in) {
        epoch[in]++;
        blocked[in] = false;
    }

    private void markBlocked(int in) {
        if (!blocked[in]) {
            blocked[in] = true;
            schedule(profile.link().blockTimeout(), new BlockCheck(in, epoch[in]));
        }
    }

    private void onBlockCheck(BlockCheck c) {
        int in = c.input();
        if (!blocked[in] || epoch[in] != c.epoch()) {
            return;
        }
        truncate(in);
    }

    /** Ends input {@code in}'s packet: a truncated tail downstream if its head went, then the rest discarded. */
    private void truncate(int in) {
        counter("switch.truncated").increment();
        int s = state[in];
        if (s == WAITING) {
            arbiters[want[in]].withdraw(in);
        } else if (s >= 0) {
            // The head is already downstream: end the packet there with a truncated tail, then free the output.
            Transmitter out = outputs[s];
            emit(out, Flit.truncated(out.peer().port(), wormId[in]));
            release(s);
        }
        state[in] = DROPPING;
        progress(in);
        pump(in);
    }
}
