package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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

    @ParameterizedTest(name = "lanes={0}")
    @ValueSource(ints = {1, 2, 3})
    void finalTimeAndCountersEqualTheHandWorkedValues(int lanes) {
        ModelBuilder b = new ModelBuilder();
        b.add("source", Source::new);
        b.add("server", Server::new);
        b.add("sink", Sink::new);
        b.connect(0, 1, 100 * NS).connect(1, 2, 50 * NS);
        RunResult r = Emulation.run(b.build(), new RuntimeSettings(42, lanes, false, 0), VirtualTime.NEVER);
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
        // Lookahead is the smallest connection, 50ns. One lane runs to the end without a window. Two lanes get
        // equal shares of the ids, {source} and {server, sink}: a window ends where the first lane could next send
        // to the second (the source's next emit + 100ns), never before one cable of the cut (100ns) on:
        // [0, 100) the source emits all three; then nothing can cross any more (the second lane sends nowhere):
        // [100, end) the server and the sink: 2 windows. Three lanes, one component each, cut cables of 100 and
        // 50ns: [0, 100) source; [100, 150) server (a token at 100 could leave for the sink at 150): served at
        // 130, sent for 180; [160, 210) server (160 + 50), sink 180; [210, end) sink 210, 240: 4 windows.
        assertEquals(50 * NS, r.lookaheadPs());
        assertEquals(new long[] {0, 2, 4}[lanes - 1], r.windows());
        assertEquals(lanes, r.runtime().lanes());
        assertEquals(180 * NS, r.histograms().get("c.arrival").getMinValue(), NS);
        assertTrue(r.histograms().get("c.arrival").getMaxValue() >= 240 * NS - NS);
    }
}
