package org.nowemu.hardware.switching;

import java.util.ArrayDeque;
import java.util.List;
import org.nowemu.hardware.link.Flit;
import org.nowemu.hardware.link.Peer;
import org.nowemu.hardware.link.PortWiring;
import org.nowemu.hardware.link.SlackAccount;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.switching.SwitchPort.Account;
import org.nowemu.hardware.switching.SwitchPort.Cross;
import org.nowemu.hardware.switching.SwitchPort.Done;
import org.nowemu.hardware.switching.SwitchPort.Notice;
import org.nowemu.hardware.switching.SwitchPort.Repaired;
import org.nowemu.hardware.switching.SwitchPort.Truncate;

/**
 * The receiving half of a {@link SwitchPort}: reads each head's route byte and streams the packet's flits across
 * the crossbar to their output as they arrive. A flit reaches it one crossbar stage before it reaches the output,
 * so what it learns of the output comes late; it therefore sends the next packet to another output only once the
 * previous packet's tail has left ({@link Done}), keeping that packet's flits meanwhile and telling the output
 * that keeps the slack count of each ({@link Notice}). Its own count is only in use while no output keeps it:
 * between packets, and for packets it drops.
 */
final class PortInput {
    /** {@link #owner} when the input keeps its slack count itself. */
    private static final int SELF = -1;

    private final SwitchPort port;
    private final int index;
    private final int ports;
    private final boolean[] plugged;
    private final Peer back;
    /** How long before now a flit arriving now left the far end, less the crossbar stage still ahead of it. */
    private final long flight;
    private final long crossbar;
    private final SlackAccount account;
    private ArrayDeque<Flit> held = new ArrayDeque<>();
    private int heldBytes;
    /** Which output keeps this input's slack count, or {@link #SELF}. */
    private int owner = SELF;
    /** The output the packet coming in streams to, or -1 between packets. */
    private int current = -1;
    /** The output the last packet went to, and that packet. */
    private int last = -1;
    private long lastPacket;
    /** Whether the last packet's tail went across and its output has not yet said it left. */
    private boolean awaiting;
    private boolean dropping;
    private boolean cut;

    PortInput(SwitchPort port, HardwareProfile profile, int index, List<PortWiring> wiring) {
        this.port = port;
        this.index = index;
        this.ports = wiring.size();
        this.plugged = new boolean[ports];
        for (int p = 0; p < ports; p++) {
            plugged[p] = wiring.get(p).plugged();
        }
        this.back = wiring.get(index).back();
        this.crossbar = profile.switches().crossbar();
        this.flight = profile.link().propagation() + profile.switches().fallThrough() - crossbar;
        this.account = new SlackAccount(profile.link(), profile.flitBytes(), profile.switches().fallThrough());
    }

    void onFlit(Flit f) {
        // Lost if the cable was cut while it was on it or falling through the port, crossbar included (the cuts
        // are known ahead, so the part still ahead can be checked now).
        long now = port.time();
        if (back.cuts().any() && back.cuts().touches(now - flight, now + crossbar)) {
            port.count("switch.cut_flits").increment();
            return;
        }
        accept(f, false);
    }

    /** Moves {@code f} on; {@code counted}: its bytes are in the slack count already (it waited here). */
    private void accept(Flit f, boolean counted) {
        if (!held.isEmpty()) {
            hold(f, counted);
        } else if (current >= 0) {
            forward(current, f, counted, null);
        } else if (dropping) {
            dropping = !f.tail();
            drop(f, counted);
        } else if (!f.isHead()) {
            if (!back.cuts().any()) {
                throw new IllegalStateException(port.portName(index) + ": flit " + f.index() + " of packet "
                        + f.packetId() + " arrived without its head");
            }
            // The rest of a packet whose head was lost to a cut: no route byte to read, so it goes nowhere.
            port.count("switch.fragments").increment();
            dropping = !f.tail();
            drop(f, counted);
        } else {
            head(f, counted);
        }
    }

    private void head(Flit f, boolean counted) {
        // Relative addressing: each switch maps (entry port, offset) to one output, so a route from a given
        // entry is a one-to-one walk over cables; the mapper's loop-back comparisons rely on it.
        byte[] route = f.head().route();
        int o = f.hop() < route.length ? index + route[f.hop()] : -1;
        if (o < 0 || o >= ports || !plugged[o]) {
            o = -1;
        }
        if (awaiting) {
            if (o >= 0 && o == last) {
                forward(o, f, counted, null); // into the same output, behind the packet before it
            } else {
                hold(f, counted);
            }
        } else if (o < 0) {
            port.count("switch.dropped_route").increment();
            dropping = !f.tail();
            drop(f, counted);
        } else {
            forward(o, f, counted, new Account(account.occupancy(), account.holdingStop()));
        }
    }

    private void forward(int o, Flit f, boolean counted, Account moving) {
        port.cross(o, new Cross(index, f, counted, moving));
        if (moving != null) {
            owner = o;
        }
        if (f.isHead()) {
            current = o;
            last = o;
            lastPacket = f.packetId();
            awaiting = false;
        }
        if (f.tail()) {
            current = -1;
            awaiting = true;
        }
    }

    /** Keeps {@code f} until the packet ahead has left; the output keeping the count counts it now. */
    private void hold(Flit f, boolean counted) {
        held.add(f);
        heldBytes += f.bytes();
        if (!counted) {
            port.cross(owner, new Notice(index, f.bytes(), false));
        }
    }

    private void drop(Flit f, boolean counted) {
        if (owner != SELF) {
            port.cross(owner, new Notice(index, f.bytes(), true));
            return;
        }
        if (!counted && account.add(f.bytes())) {
            port.stopGo(index, false);
        }
        if (account.remove(f.bytes())) {
            port.stopGo(index, true);
        }
    }

    /**
     * The last packet's tail left its output: the count comes back here with the flits kept meanwhile, which go
     * on in order. That output counted them all and sent STOP when their level passed the threshold (nothing
     * drained since the tail left, so the level only rose).
     */
    void onDone(Done d) {
        if (!awaiting || d.output() != last || d.packetId() != lastPacket) {
            return; // an earlier packet's, or one that another followed into the same output
        }
        awaiting = false;
        owner = SELF;
        account.reset(heldBytes, d.holdingStop() || account.wouldStop(heldBytes));
        ArrayDeque<Flit> waiting = held;
        held = new ArrayDeque<>();
        heldBytes = 0;
        for (Flit f : waiting) {
            accept(f, true);
        }
    }

    /** A boundary of the cable's cut ranges at {@code at}: met one crossbar stage early when it is a cut. */
    void onCutEdge(long at) {
        boolean nowCut = back.cuts().holds(at);
        if (nowCut && !cut) {
            cut = true;
            if (current >= 0) {
                // The rest of the packet coming in will never arrive: its output ends it at the moment of the cut.
                port.cross(current, new Truncate(index, lastPacket));
                current = -1;
                awaiting = true;
                dropping = true;
            }
        } else if (!nowCut && cut) {
            // Repaired. An input left dropping is between packets now (a packet cut short was truncated and
            // nothing arrived since); the far transmitter waits for our GO.
            cut = false;
            if (dropping && held.isEmpty()) {
                dropping = false;
            }
            if (owner != SELF) {
                port.cross(owner, new Repaired(index));
            } else if (!account.holdingStop()) {
                port.stopGo(index, true);
            }
        }
    }
}
