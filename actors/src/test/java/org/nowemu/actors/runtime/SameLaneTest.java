package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.nowemu.actors.time.VirtualTime;

/**
 * Messages between components of one lane are delivered without a barrier: a two-host ping-pong on one lane opens
 * no window and crosses no barrier, however many hops its messages take. The same model on two lanes (a host
 * each) needs windows for the hops over the cable only, counted by hand below, and reaches the same digest.
 */
@Timeout(60)
class SameLaneTest {
    static final long NS = VirtualTime.NS;
    static final int ROUND_TRIPS = 25;

    record Ping(int n) {
    }

    /** A host's program: sends {@link Ping} 0 at time 0, answers every ping with the next, to its NIC (100ns). */
    static final class Thread extends Component {
        private final int nic;
        private final boolean starts;

        Thread(int nic, boolean starts) {
            this.nic = nic;
            this.starts = starts;
        }

        @Override
        protected void onStart() {
            if (starts) {
                send(nic, 100 * NS, new Ping(0));
            }
        }

        @Override
        protected Receive createReceive() {
            return Receive.builder().on(Ping.class, p -> {
                counter("pings").increment();
                // The starting host stops after ROUND_TRIPS answers have come back.
                if (!(starts && p.n() == 2 * ROUND_TRIPS - 1)) {
                    send(nic, 100 * NS, new Ping(p.n() + 1));
                }
            }).build();
        }
    }

    /** A NIC: what its thread gives it goes over the cable (50ns), what the cable brings goes up (100ns). */
    static final class Nic extends CableEnd {
        Nic(int thread, int peer) {
            super(thread, peer);
        }

        @Override
        protected Receive createReceive() {
            return Receive.builder().on(Ping.class, p -> send(sender() == local ? peer : local,
                    sender() == local ? 50 * NS : 100 * NS, p)).build();
        }
    }

    static Model twoHosts() {
        ModelBuilder b = new ModelBuilder();
        int at = b.add("a.thread", () -> new Thread(1, true));
        int an = b.add("a.nic", () -> new Nic(0, 2));
        int bn = b.add("b.nic", () -> new Nic(3, 1));
        int bt = b.add("b.thread", () -> new Thread(2, false));
        b.connect(at, an, 100 * NS).connect(an, at, 100 * NS).connect(an, bn, 50 * NS).connect(bn, an, 50 * NS)
                .connect(bn, bt, 100 * NS).connect(bt, bn, 100 * NS);
        b.group(at, 0).group(an, 0).group(bn, 1).group(bt, 1);
        return b.build();
    }

    @Test
    void onOneLaneNoWindowIsOpenedAndNoBarrierCrossed() {
        RunResult one = Emulation.run(twoHosts(), new RuntimeSettings(1, 1, false, 0), VirtualTime.NEVER);
        // A round trip is thread -> NIC 100ns, cable 50ns, NIC -> thread 100ns, and back: 500ns, 6 messages.
        assertEquals(ROUND_TRIPS * 500 * NS, one.finalTimePs());
        assertEquals(6 * ROUND_TRIPS, one.events());
        assertEquals(2 * ROUND_TRIPS, one.counter("pings"));
        assertEquals(1, one.runtime().lanes());
        assertEquals(0, one.windows());
        assertEquals(0, one.runtime().barrierCrossings());
        assertEquals(0, one.runtime().crossLaneMessages());
    }

    @Test
    void onTwoLanesOnlyTheCableCostsWindows() {
        RunResult one = Emulation.run(twoHosts(), new RuntimeSettings(1, 1, false, 0), VirtualTime.NEVER);
        RunResult two = Emulation.run(twoHosts(), new RuntimeSettings(1, 2, false, 0), VirtualTime.NEVER);
        assertEquals(one.digest(), two.digest());
        assertEquals(2, two.runtime().lanes());
        // Lane A holds host a, lane B host b; the cable is the cut (50ns). Work leaves a lane no sooner than its
        // exit delay: a NIC's 50ns, a thread's 150ns. Round trip r from s = 500(r-1): [s, s+150) a's thread pings,
        // its NIC sends at s+100 for s+150; [s+150, s+200) b's NIC (the message in flight at s+150, plus 50), which
        // hands it up for s+250; [s+250, s+400) b's thread answers, its NIC sends at s+350 for s+400;
        // [s+400, s+450) a's NIC, up for s+500. So 4 windows a round trip, and one more, [500R, 500R + 150), for the
        // last answer: 4R + 1. Each ends with both lanes at the barrier; each cable crossing is one message.
        assertEquals(4L * ROUND_TRIPS + 1, two.windows());
        assertEquals(two.windows(), two.runtime().barrierCrossings());
        assertEquals(2L * ROUND_TRIPS, two.runtime().crossLaneMessages());
    }
}
