package org.nowemu.workloads.permutations;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.am.Am;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.Endpoint;
import org.nowemu.protocol.am.EndpointName;
import org.nowemu.protocol.am.Handler;
import org.nowemu.protocol.am.Handlers;
import org.nowemu.protocol.am.Message;
import org.nowemu.protocol.am.Token;

/**
 * A host of the permutations experiment: it answers every request with a short reply and, phase by phase, sends
 * to its partner in the phase's pattern: medium requests as fast as credits allow, or one short request at a time.
 *
 * <p>Counters, per pattern key {@code perm.<pattern>.}: {@code host.<i>.bytes} (medium bytes host i had
 * acknowledged in the measured part), {@code rtt_ps} and {@code rtt_n}.
 */
final class PermutationProgram {
    static final int TAG = 0x9e7a;
    private static final int REQUEST = 1;
    private static final int REPLY = 2;

    private PermutationProgram() {
    }

    static AmProgram host(int me, PermutationSettings s) {
        return new Host(me, s);
    }

    private record Host(int me, PermutationSettings s) implements AmProgram {
        @Override
        @continuable
        public void run(Am am) {
            Endpoint ep = am.endpoint(TAG);
            for (int p = 0; p < s.patterns().size(); p++) {
                int partner = s.partner(s.patterns().get(p), me);
                if (partner >= 0) {
                    ep.map(p, new EndpointName(partner, 0), TAG);
                }
            }
            ep.setHandler(REQUEST, Handlers.echo(REPLY));
            long[] replies = new long[1];
            PermutationSettings.Phase[] current = new PermutationSettings.Phase[1];
            ep.setHandler(REPLY, new Reply(am, me, s, replies, current));
            // A request that comes back undelivered (a fault) counts as answered, so the phase moves on; a reply
            // that comes back is dropped. The library counts both by reason.
            ep.setErrorHandler((why, m) -> {
                if (!m.reply()) {
                    replies[0]++;
                }
            });
            int[] words = new int[s.args()];
            byte[] data = new byte[s.mediumBytes()];
            long sent = 0;
            for (PermutationSettings.Phase p : s.phases()) {
                if (am.now() < p.start()) {
                    am.sleep(p.start() - am.now());
                }
                current[0] = p;
                if (s.partner(p.pattern(), me) < 0) {
                    continue;
                }
                while (am.now() < p.end()) {
                    // A credit is waited for only until the phase ends, so nothing is sent after it (a fault can
                    // hold credits for the transport's give-up time).
                    am.pollUntil(() -> ep.credits() > 0, p.end());
                    if (ep.credits() == 0) {
                        break;
                    }
                    long before = am.now();
                    if (p.bandwidth()) {
                        ep.requestMedium(p.index(), REQUEST, data, words);
                        sent++;
                    } else {
                        ep.request(p.index(), REQUEST, words);
                        sent++;
                        long want = sent;
                        am.pollUntil(() -> replies[0] == want);
                        // Only round trips within the measured window count: one still out when the phase ends may
                        // wait for a partner that has finished and sleeps until the next phase.
                        if (before >= p.from() && am.now() <= p.end()) {
                            am.counter(p.key() + "rtt_ps").add(am.now() - before);
                            am.counter(p.key() + "rtt_n").increment();
                        }
                    }
                }
                long all = sent;
                am.pollUntil(() -> replies[0] == all);
            }
            am.pollUntil(() -> false);
        }
    }

    /** A reply: counted, and its bytes counted to the phase it came back in if that phase measures bandwidth. */
    private record Reply(Am am, int me, PermutationSettings s, long[] replies, PermutationSettings.Phase[] current)
            implements Handler {
        @Override
        @continuable
        public void handle(Token t, Message m) {
            replies[0]++;
            PermutationSettings.Phase p = current[0];
            if (p != null && p.bandwidth() && am.now() >= p.from() && am.now() < p.end()) {
                am.counter(p.key() + "host." + me + ".bytes").add(s.mediumBytes());
            }
        }
    }
}
