package org.nowemu.hardware.switching;

import java.util.List;
import org.nowemu.actors.runtime.Component;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.actors.stats.Counter;
import org.nowemu.hardware.link.Flit;
import org.nowemu.hardware.link.PortWiring;
import org.nowemu.hardware.link.StopGo;
import org.nowemu.hardware.link.TimeRanges;
import org.nowemu.hardware.profile.HardwareProfile;

/**
 * One port of an N-port Myrinet crossbar switch with cut-through (wormhole) routing: the receiving end of its
 * cable ({@link PortInput}: the STOP/GO slack buffer and route-byte decoding) and the sending end
 * ({@link PortOutput}: the transmitter and the round-robin {@link Arbiter} that gives it to one packet at a time).
 * The ports of a switch talk through the crossbar, timed messages whose delay is the crossbar stage of the
 * fall-through, so a head leaves one fall-through after it enters, as when the switch was one component:
 *
 * <pre>
 * cable (propagation) + input stages (fall-through - crossbar) -> input port: reads the route byte
 *                     + crossbar                               -> output port: arbitration, transmitter
 * </pre>
 *
 * <p>Each input reads the head's next route byte as Myrinet does, a signed offset from the port the packet came
 * in on (0 sends it back out the same port), and streams the packet's flits across as they arrive; they wait at
 * the output until its arbiter grants the packet the port and its transmitter sends them at the link rate. A
 * route byte naming a port with no cable, or a packet out of route bytes, is dropped whole at the input. A
 * packet blocked for the link's block timeout (its head waiting for an output, or its flits held by STOP) is
 * truncated at the output: a truncated tail goes out if the head did, and the rest is discarded as it arrives.
 * An input sends the next packet's head to another output only once the previous packet's tail has left the
 * switch (the output says so across the crossbar); one for the same output follows it at once.
 *
 * <p>The slack buffer's count of an input is kept where its flits drain: by the output its packet streams
 * through, which sends STOP and GO up the input's cable when the count crosses a threshold, so STOP/GO leaves at
 * the instant the buffer's level changes. While a packet still in the switch holds up the next one, the input
 * keeps the next one's flits and tells that output of each; the count moves to the next output with the next
 * head.
 *
 * <p>A cable can be cut during time ranges (its {@code Peer}s say when): meanwhile what the port sends along
 * it is lost, and so is whatever was on the cable or falling through the input when it was cut; the
 * transmitter is not stopped; a packet that was coming in without its tail yet is ended downstream with a
 * truncated tail, as a blocked one would be. When the cable is repaired each end tells the other its STOP/GO
 * state and the transmitter waits for that GO; the rest of a packet cut in the middle then arrives without its
 * head and is discarded.
 *
 * <p>Counters: {@code switch.packets} (heads forwarded), {@code switch.dropped_route} (bad or missing route
 * byte), {@code switch.truncated}, {@code switch.stops_sent}, {@code switch.cut_flits} (sent into a cut cable or
 * on it when it was cut), {@code switch.fragments} (headless rests of cut packets discarded),
 * {@code switch.dropped_flits} (lost to an injected drop), {@code link.route_corruptions} (route bytes replaced
 * by an injected {@code corrupt-route} fault). A traced run also keeps each head's wait for this output
 * ({@link #WAIT}, outside the digest).
 */
public final class SwitchPort extends Component {
    /** What the ports of one switch tell each other across the crossbar. */
    sealed interface Crossbar permits Cross, Notice, Done, Truncate, Repaired {
    }

    /**
     * A flit of a packet coming in on {@code input}, for this output. {@code counted}: its bytes are in the
     * input's slack count already (it waited at the input); {@code account}: the input's count moves here with
     * this head (null: it stays where it is).
     */
    record Cross(int input, Flit flit, boolean counted, Account account) implements Crossbar {
    }

    /** An input's slack count as it moves to the output that drains it next. */
    record Account(int bytes, boolean holdingStop) {
    }

    /**
     * A flit of {@code bytes} arrived at {@code input} and waits there behind a packet still in the switch, or
     * ({@code dropped}) was discarded there as it arrived: the output keeping the input's count counts it.
     */
    record Notice(int input, int bytes, boolean dropped) implements Crossbar {
    }

    /** The tail of {@code packetId} left (or was dropped at) {@code output}; the input's slack buffer state then. */
    record Done(int output, long packetId, boolean holdingStop) implements Crossbar {
    }

    /** The cable into {@code input} was cut with {@code packetId} coming in without its tail: end it. */
    record Truncate(int input, long packetId) implements Crossbar {
    }

    /** The cable into {@code input} was repaired: send GO up it unless its slack buffer holds STOP. */
    record Repaired(int input) implements Crossbar {
    }

    /** The transmitter's flit is done. */
    private record TxReady() {
        static final TxReady NOW = new TxReady();
    }

    /** A boundary of the cable's cut ranges, for the output (at the boundary) or the input. */
    private record CutEdge(long at, boolean input) {
    }

    /** A check that the packet of {@code input} blocked since {@code epoch} has still made no progress. */
    private record BlockCheck(int input, long epoch) {
    }

    /** The histogram of arbitration waits, one per port: heads granted this output and how long each waited. */
    public static final String WAIT = "switch.wait_ps";

    private final HardwareProfile profile;
    private final int index;
    private final List<PortWiring> wiring;
    private final int[] portIds;
    private PortInput input;
    private PortOutput output;

    /**
     * @param profile the hardware profile (switch fall-through and crossbar, link rate, slack and block timeout)
     * @param index   this port's number on its switch
     * @param wiring  the switch's cables, one entry per port, {@link PortWiring#UNPLUGGED} where there is none
     * @param portIds component id of each port of the switch, -1 where no cable is plugged in
     */
    public SwitchPort(HardwareProfile profile, int index, List<PortWiring> wiring, int[] portIds) {
        this.profile = profile;
        this.index = index;
        this.wiring = List.copyOf(wiring);
        this.portIds = portIds.clone();
        if (!this.wiring.get(index).plugged()) {
            throw new IllegalArgumentException("port " + index + " has no cable");
        }
    }

    @Override
    protected Receive createReceive() {
        return Receive.builder()
                .on(Flit.class, f -> input.onFlit(f))
                .on(Cross.class, c -> output.onCross(c))
                .on(StopGo.class, s -> output.onStopGo(s))
                .on(TxReady.class, r -> output.onTxReady())
                .on(Done.class, d -> input.onDone(d))
                .on(Notice.class, n -> output.onNotice(n))
                .on(BlockCheck.class, c -> output.onBlockCheck(c.input(), c.epoch()))
                .on(Truncate.class, t -> output.onTruncate(t))
                .on(Repaired.class, r -> output.onRepaired(r))
                .on(CutEdge.class, this::onCutEdge)
                .build();
    }

    @Override
    protected void onStart() {
        input = new PortInput(this, profile, index, wiring);
        output = new PortOutput(this, profile, index, wiring, random());
        TimeRanges cuts = wiring.get(index).out().cuts();
        if (cuts.any()) {
            scheduleEdge(cuts.nextChangeFrom(now()), false);
            scheduleEdge(cuts.nextChangeFrom(now()), true);
        }
    }

    /**
     * The output follows a boundary of its cable's cut ranges when it comes; the input meets a cut one crossbar
     * stage early, so that what it tells the output across the crossbar lands at the moment of the cut, and a
     * repair when it comes.
     */
    private void scheduleEdge(long at, boolean forInput) {
        if (at == TimeRanges.FOREVER) {
            return;
        }
        TimeRanges cuts = wiring.get(index).out().cuts();
        long when = forInput && cuts.holds(at) ? Math.max(now(), at - crossbar()) : at;
        schedule(when - now(), new CutEdge(at, forInput));
    }

    private void onCutEdge(CutEdge e) {
        if (e.input()) {
            input.onCutEdge(e.at());
        } else {
            output.onCut();
        }
        scheduleEdge(wiring.get(index).out().cuts().nextChangeFrom(e.at() + 1), e.input());
    }

    // What the two halves do through the component.

    long time() {
        return now();
    }

    long crossbar() {
        return profile.switches().crossbar();
    }

    /** Sends {@code m} across the crossbar to port {@code port} of this switch. */
    void cross(int port, Crossbar m) {
        send(portIds[port], crossbar(), m);
    }

    void post(int target, long delay, Object m) {
        send(target, delay, m);
    }

    void later(long delay, Object m) {
        schedule(delay, m);
    }

    void wake(long delay) {
        schedule(delay, TxReady.NOW);
    }

    /** Checks after the block timeout whether the packet of {@code in}, blocked since {@code epoch}, moved. */
    void checkBlocked(int in, long epoch) {
        schedule(profile.link().blockTimeout(), new BlockCheck(in, epoch));
    }

    /**
     * A packet's head waited {@code ps} (0 when the port was free) for this output while other packets held it.
     * Kept only when the run traces ({@code --trace}): the histogram {@link #WAIT} (outside the digest; one per
     * port would cost too much memory in every run of a large network) and a span on the port's trace track.
     */
    void waited(long ps) {
        if (!tracing()) {
            return;
        }
        histogram(WAIT).recordValue(ps);
        if (ps > 0) {
            traceSpan("ArbitrationWait", now() - ps, ps);
        }
    }

    Counter count(String name) {
        return counter(name);
    }

    String portName(int port) {
        return portIds[port] >= 0 ? nameOf(portIds[port]) : nameOf(id()) + " port " + port;
    }

    /** Sends STOP or GO back up the cable into {@code in}, unless that cable is cut. */
    void stopGo(int in, boolean go) {
        var back = wiring.get(in).back();
        if (!go) {
            counter("switch.stops_sent").increment();
        }
        if (!back.cut(now())) {
            send(back.component(), back.delay(), new StopGo(back.port(), go));
        }
    }
}
