package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.nowemu.actors.time.VirtualTime;

/**
 * Windows between lanes are as long as the least delay over the connections the lanes cut, not the model's
 * smallest delay: two switches joined by a 50ns cable, each with a host on a 10ns link, on two lanes.
 */
@Timeout(60)
class CutWindowsTest {
    static final long NS = VirtualTime.NS;

    record Tick() {
    }

    record Chat() {
    }

    record Token() {
    }

    /** Every 10ns a switch chats with its host; every 100ns it also sends a token over the cable. */
    static final class Switch extends CableEnd {
        Switch(int host, int peer) {
            super(host, peer);
        }

        @Override
        protected void onStart() {
            schedule(0, new Tick());
        }

        @Override
        protected Receive createReceive() {
            return Receive.builder()
                    .on(Tick.class, t -> {
                        send(local, 10 * NS, new Chat());
                        if (now() % (100 * NS) == 0) {
                            send(peer, 50 * NS, new Token());
                        }
                        schedule(10 * NS, new Tick());
                    })
                    .on(Chat.class, c -> counter("chats").increment())
                    .on(Token.class, t -> counter("tokens").increment())
                    .build();
        }
    }

    /** Answers every chat from its switch, 10ns later. */
    static final class Host extends Component {
        @Override
        protected Receive createReceive() {
            return Receive.builder().on(Chat.class, c -> send(sender(), 10 * NS, new Chat())).build();
        }
    }

    static Model twoSwitches() {
        ModelBuilder b = new ModelBuilder();
        int sa = b.add("sa", () -> new Switch(1, 2));
        int ha = b.add("ha", Host::new);
        int sb = b.add("sb", () -> new Switch(3, 0));
        int hb = b.add("hb", Host::new);
        b.connect(sa, ha, 10 * NS).connect(ha, sa, 10 * NS).connect(sb, hb, 10 * NS).connect(hb, sb, 10 * NS)
                .connect(sa, sb, 50 * NS).connect(sb, sa, 50 * NS);
        b.group(sa, 0).group(ha, 0).group(sb, 1).group(hb, 1);
        return b.build();
    }

    @Test
    void windowsAreTheCutCableLongNotTheSmallestDelay() {
        long horizon = 1_000 * NS;
        Model model = twoSwitches();
        RunResult two = Emulation.run(model, new RuntimeSettings(1, 2, false, 0), horizon);
        // The smallest delay of the model is the 10ns host link; the lanes (a switch and its host each) cut only
        // the 50ns cable. A switch always has a tick pending at the window's start, 50ns from the cut, and its
        // host's work is 10 + 50 = 60ns from it, so each lane's earliest output time is the window's start plus
        // 50ns: windows [0, 50), [50, 100), ..., [950, 1000): 20 windows over the 1us, against 100 of 10ns.
        assertEquals(10 * NS, two.lookaheadPs());
        assertEquals(2, two.runtime().lanes());
        assertEquals(20, two.windows());
        // A token leaves every 100ns from 0 to 900ns, both ways: 20 messages crossed lanes, each sent at a window's
        // start and arriving 50ns later, exactly at that window's end (no margin, and none needed).
        assertEquals(20, two.runtime().crossLaneMessages());
        assertEquals(0, two.runtime().leastSlackPs());
        // Tokens sent at 900ns arrive at 950ns, before the horizon: 10 each way.
        assertEquals(20, two.counter("tokens"));
        RunResult sequential = Emulation.run(model, new RuntimeSettings(1, 1, false, 0)
                .withEngine(RuntimeSettings.Engine.SEQUENTIAL), horizon);
        assertEquals(sequential.digest(), two.digest());
        RunResult one = Emulation.run(model, new RuntimeSettings(1, 1, false, 0), horizon);
        assertEquals(sequential.digest(), one.digest());
        assertEquals(0, one.windows());
    }
}
