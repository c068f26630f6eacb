package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.nowemu.actors.time.VirtualTime;

@Timeout(60)
class KeyOrderTest {

    record Note(String text) {
    }

    /** Sends its notes at the given (send time, delay) pairs, in the order listed. */
    static final class Sender extends Component {
        private final int target;
        private final long[][] sends;

        Sender(int target, long[][] sends) {
            this.target = target;
            this.sends = sends;
        }

        @Override
        protected void onStart() {
            for (int i = 0; i < sends.length; i++) {
                schedule(sends[i][0], new Note("send " + i));
            }
        }

        @Override
        protected Receive createReceive() {
            return Receive.builder().on(Note.class, n -> {
                int i = Integer.parseInt(n.text().substring(5));
                send(target, sends[i][1], new Note(nameOf(id()) + "." + i));
            }).build();
        }
    }

    /** Writes down what it receives; only this component writes the list, the test reads it afterwards. */
    static final class Recorder extends Component {
        private final List<String> seen;

        Recorder(List<String> seen) {
            this.seen = seen;
        }

        @Override
        protected Receive createReceive() {
            return Receive.builder().on(Note.class, n -> seen.add(now() + ":" + n.text())).build();
        }
    }

    @ParameterizedTest(name = "partitions={0}")
    @ValueSource(ints = {1, 2, 4})
    void eventsWithEqualTimeReachAComponentInKeyOrderWhateverOrderTheyWereSentIn(int partitions) {
        // All six notes reach the recorder at t = 100ns, but are sent in the opposite of source-id order:
        // c at 0 and 1ns, b at 5 and 10ns, a at 40 and 50ns (a.0 only in the second window, [50, 100)ns,
        // since the lookahead is 50ns). a and b schedule their notes in reverse: note 1 is scheduled second
        // (sequence 1) but fires first, so its send gets sequence 2 and note 0's send sequence 3.
        // Key order is (time, source id, sequence), so the recorder sees a.1 a.0 b.1 b.0 c.0 c.1.
        long ns = VirtualTime.NS;
        List<String> seen = new ArrayList<>();
        ModelBuilder b = new ModelBuilder();
        int rec = b.add("rec", () -> new Recorder(seen));
        int a = b.add("a", () -> new Sender(rec, new long[][] {{50 * ns, 50 * ns}, {40 * ns, 60 * ns}}));
        int bb = b.add("b", () -> new Sender(rec, new long[][] {{10 * ns, 90 * ns}, {5 * ns, 95 * ns}}));
        int c = b.add("c", () -> new Sender(rec, new long[][] {{0, 100 * ns}, {1 * ns, 99 * ns}}));
        for (int s : new int[] {a, bb, c}) {
            b.connect(s, rec, 50 * ns);
        }
        // Sequence numbers count every send, self-sends included: onStart's two schedules are 0 and 1, so the
        // note handled first (the earlier schedule) is sequence 2 and the other 3.
        RunResult r = Emulation.run(b.build(), new RuntimeSettings(1, partitions, false, 0), VirtualTime.NEVER);
        assertEquals(List.of("100000:a.1", "100000:a.0", "100000:b.1", "100000:b.0", "100000:c.0", "100000:c.1"), seen);
        assertEquals(6 + 6, r.events()); // 6 self-scheduled notes + 6 delivered notes
    }

    @Test
    void aComponentHandlesItsOwnEventsOfEqualTimeInTheOrderItScheduledThem() {
        List<String> seen = new ArrayList<>();
        ModelBuilder b = new ModelBuilder();
        b.add("self", () -> new Component() {
            @Override
            protected void onStart() {
                for (int i = 0; i < 5; i++) {
                    schedule(7, new Note("n" + i));
                }
            }

            @Override
            protected Receive createReceive() {
                return Receive.builder().on(Note.class, n -> seen.add(n.text())).build();
            }
        });
        Emulation.run(b.build(), new RuntimeSettings(1, 1, false, 0), VirtualTime.NEVER);
        assertEquals(List.of("n0", "n1", "n2", "n3", "n4"), seen);
    }
}
