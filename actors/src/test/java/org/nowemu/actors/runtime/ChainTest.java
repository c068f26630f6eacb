package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.nowemu.actors.time.VirtualTime;

/** A source, a single-server queue and a sink: the final time and counters are worked out by hand. */
@Timeout(60)
class ChainTest {
    static final long NS = VirtualTime.NS;

    record Emit(int i) {
    }

    record Token(int i) {
    }

    record Served(int i) {
    }

    /** Emits three tokens 20ns apart over a 100ns cable. */
    static final class Source extends Component {
        @Override
        protected void onStart() {
            schedule(0, new Emit(1));
        }

        @Override
        protected Receive createReceive() {
            return Receive.builder().on(Emit.class, e -> {
                send(1, 100 * NS, new Token(e.i()));
                counter("a.sent").increment();
                if (e.i() < 3) {
                    schedule(20 * NS, new Emit(e.i() + 1));
                }
            }).build();
        }
    }

    /** A server with a busy flag and a queue: 30ns per token, then 50ns to the sink. */
    static final class Server extends Component {
        private final ArrayDeque<Token> waiting = new ArrayDeque<>();
        private boolean busy;

        @Override
        protected Receive createReceive() {
            return Receive.builder()
                    .on(Token.class, t -> {
                        if (busy) {
                            waiting.add(t);
                            counter("b.queued").increment();
                        } else {
                            serve(t);
                        }
                    })
                    .on(Served.class, s -> {
                        send(2, 50 * NS, new Token(s.i()));
                        counter("b.forwarded").increment();
                        busy = false;
                        if (!waiting.isEmpty()) {
                            serve(waiting.poll());
                        }
                    }).build();
        }

        private void serve(Token t) {
            busy = true;
            schedule(30 * NS, new Served(t.i()));
        }
    }

    static final class Sink extends Component {
        @Override
        protected Receive createReceive() {
            return Receive.builder().on(Token.class, t -> {
                counter("c.received").increment();
                histogram("c.arrival").recordValue(now());
            }).build();
        }
    }

    @ParameterizedTest(name = "threads={0} partitions={1}")
    @CsvSource({"1,1", "2,3", "8,2"})
    void finalTimeAndCountersEqualTheHandWorkedValues(int threads, int partitions) {
        ModelBuilder b = new ModelBuilder();
        b.add("source", Source::new);
        b.add("server", Server::new);
        b.add("sink", Sink::new);
        b.connect(0, 1, 100 * NS).connect(1, 2, 50 * NS);
        RunResult r = Emulation.run(b.build(), new RuntimeSettings(42, threads, partitions, false, 0), VirtualTime.NEVER);
        // Source emits at 0, 20, 40ns; tokens reach the server at 100, 120, 140ns.
        // Server: token 1 served 100-130 -> sink at 180; token 2 waits (120), served 130-160 -> sink 210;
        // token 3 waits (140), served 160-190 -> sink 240. Final time 240ns; two tokens queued.
        assertEquals(240 * NS, r.finalTimePs());
        assertEquals(3, r.counter("a.sent"));
        assertEquals(2, r.counter("b.queued"));
        assertEquals(3, r.counter("b.forwarded"));
        assertEquals(3, r.counter("c.received"));
        // Handled: source 3 Emit; server 3 Token + 3 Served; sink 3 Token = 12. Sent: source 3 Emit (one
        // from onStart) + 3 Token; server 3 Served + 3 Token = 12.
        assertEquals(12, r.events());
        assertEquals(new Invariants(12, 12, 0, 0, 0, 0), r.invariants());
        // Lookahead is the smallest connection, 50ns. Windows start at the earliest pending time and each
        // component runs up to its safe horizon (Horizons). On one partition nothing reaches the source, the
        // server only from the source and the sink only from the server: source 0-40ns; server 100-190ns (the
        // source has nothing left); sink 180-240ns: 3 windows.
        // Over 2 or 3 partitions the sink (or the server) is elsewhere, and a window ends at the least earliest
        // output time (at least one lookahead on): [0,150) source (0 + 100 + 50 to leave for the sink);
        // [100,150) server (token 100 + 50); [160,210) server + sink(180); [210,...) sink(210, 240): 4 windows.
        assertEquals(50 * NS, r.lookaheadPs());
        assertEquals(partitions == 1 ? 3 : 4, r.windows());
        assertEquals(180 * NS, r.histograms().get("c.arrival").getMinValue(), NS);
        assertTrue(r.histograms().get("c.arrival").getMaxValue() >= 240 * NS - NS);
    }
}
