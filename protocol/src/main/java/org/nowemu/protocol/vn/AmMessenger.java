package org.nowemu.protocol.vn;

import java.util.Arrays;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.am.Am;
import org.nowemu.protocol.am.Endpoint;
import org.nowemu.protocol.am.EndpointName;
import org.nowemu.protocol.parts.bench.Arrivals;
import org.nowemu.protocol.parts.bench.Messenger;

/**
 * Active Messages behind a {@link Messenger}, so that AM-II and GAM run the benchmarks the comparison systems run.
 * A message is a run of medium requests: medium because that is AM-II's data path for a message from anywhere in the
 * sender's memory (one copy into the staging area on the sender, none on the receiver, whose handler reads the data
 * where the NIC put it), where a bulk transfer, built on the same medium packets, adds a copy into the receiver's
 * region; a message longer than {@code max-medium} is cut into requests of at most {@code max-medium} bytes, the last
 * marked by its one argument word (1). A message has arrived when its last request's handler has run. Every
 * request's handler answers with an empty short reply, because AM-II gives an endpoint's credits (K outstanding
 * requests) back only on replies: a stream of one-way messages needs them, and their cost is part of what AM
 * charges for a message (in a round trip each side's handler sends its reply before the program sends on, so half a
 * round trip here is a request's latency plus a reply's send overhead, more than LogP's RTT/2 of a request and its
 * reply). Destinations are mapped into the endpoint's translation table on first use, entry by entry.
 */
public final class AmMessenger implements Messenger {
    private static final int TAG = 0xc0de;
    private static final int DATA = 1;
    private static final int ACK = 2;

    private final Am am;
    private final Endpoint ep;
    private final int maxMedium;
    private final Arrivals arrivals = new Arrivals();
    private int[] entryOf = new int[0];
    private int entries;

    /** @param maxMedium the stack's largest medium message (bytes) */
    public AmMessenger(Am am, int maxMedium) {
        this.am = am;
        this.maxMedium = maxMedium;
        this.ep = am.endpoint(TAG);
        ep.setHandler(DATA, (token, m) -> {
            if (m.args().length > 0 && m.args()[0] == 1) {
                arrivals.arrived(am.now());
            }
            token.reply(ACK);
        });
        ep.setHandler(ACK, (token, m) -> { });
    }

    @Override
    public int host() {
        return am.host();
    }

    @Override
    public long now() {
        return am.now();
    }

    @Override
    public void send(int dest, int bytes) {
        int entry = entry(dest);
        int left = Math.max(1, bytes);
        while (left > maxMedium) {
            ep.requestMedium(entry, DATA, new byte[maxMedium], 0);
            left -= maxMedium;
        }
        ep.requestMedium(entry, DATA, new byte[left], 1);
    }

    /** The translation entry for host {@code dest}'s first endpoint, mapped the first time it is needed. */
    private int entry(int dest) {
        if (dest >= entryOf.length) {
            int old = entryOf.length;
            entryOf = Arrays.copyOf(entryOf, dest + 1);
            Arrays.fill(entryOf, old, entryOf.length, -1);
        }
        if (entryOf[dest] < 0) {
            ep.map(entries, new EndpointName(dest, 0), TAG);
            entryOf[dest] = entries++;
        }
        return entryOf[dest];
    }

    @Override
    public long received() {
        return arrivals.count();
    }

    @Override
    public long firstArrival() {
        return arrivals.first();
    }

    @Override
    public long lastArrival() {
        return arrivals.last();
    }

    @Override
    public void mark() {
        arrivals.mark();
    }

    @Override
    public void await(long count, long deadline) {
        am.pollUntil(() -> arrivals.count() >= count, deadline);
    }

    @Override
    public Counter counter(String name) {
        return am.counter(name);
    }
}
