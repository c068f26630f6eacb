package org.nowemu.protocol.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.nowemu.protocol.am.Am;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.Endpoint;
import org.nowemu.protocol.am.EndpointName;
import org.nowemu.protocol.am.Handler;
import org.nowemu.protocol.am.Message;
import org.nowemu.protocol.am.Token;

/**
 * AM programs the system tests share: a client of host 1's endpoint 0 that sends requests to its handler 1 and waits
 * for their replies on handler 2, and the server that answers them.
 */
public final class RoundTrips {
    private RoundTrips() {
    }

    /**
     * Maps host 1's endpoint 0 at translation entry {@code entry}, sends it {@code count} requests (argument i), and
     * waits for the {@code count} replies. With {@code endpoint} 0 or more, its own endpoint must be that one.
     */
    public record Client(int tag, int entry, int count, int endpoint) implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint ep = am.endpoint(tag);
            if (endpoint >= 0) {
                assertEquals(endpoint, ep.name().endpoint());
            }
            ep.map(entry, new EndpointName(1, 0), tag);
            int[] replies = {0};
            ep.setHandler(2, new Counted(replies, -1));
            for (int i = 0; i < count; i++) {
                ep.request(entry, 1, i);
            }
            am.pollUntil(() -> replies[0] == count);
        }
    }

    /** Answers each request on handler 1 with a reply to handler 2 carrying its first word, {@code count} (or, -1, all). */
    public record Server(int tag, int count) implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint ep = am.endpoint(tag);
            int[] served = {0};
            ep.setHandler(1, new Counted(served, 2));
            am.pollUntil(() -> count >= 0 && served[0] == count);
        }
    }

    /** Counts each message in n[0]; with a handler {@code reply} of 0 or more, replies to it with its first word. */
    public record Counted(int[] n, int reply) implements Handler {
        @Override
        public void handle(Token t, Message m) {
            n[0]++;
            if (reply >= 0) {
                t.reply(reply, m.arg(0));
            }
        }
    }
}
