package org.nowemu.protocol.am;

import java.util.Arrays;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.parts.bench.Arrivals;
import org.nowemu.protocol.parts.bench.Messenger;

/**
 * Active Messages behind a {@link Messenger}, so that AM-II and GAM run the benchmarks the comparison systems run,
 * each message the way an AM program would send its bytes. A message that fits the argument words of a short
 * request ({@code max-args} words, 32 bytes by default) is one short request carrying its bytes in those words,
 * written by PIO: AM-II's path for small data, with no DMA of a data buffer. A longer one is a run of medium
 * requests: medium because that is AM-II's data path for a message from anywhere in the sender's memory (one copy
 * into the staging area on the sender, none on the receiver, whose handler reads the data where the NIC put it),
 * where a bulk transfer, built on the same medium packets, adds a copy into the receiver's region; a message longer
 * than {@code max-medium} is cut into requests of at most {@code max-medium} bytes. The request that ends a message
 * goes to one handler and the others to another, and a message has arrived when the handler of its last request
 * has run. Every request's handler answers with an empty short reply, because AM-II gives an endpoint's credits
 * (K outstanding requests) back only on replies: a stream of one-way messages needs them, and their cost is part of
 * what AM charges for a message. So half a round trip here is a request's latency plus the reply the receiver sends
 * before its program sends on (and the NICs' work for it), more than LogP's RTT/2 of a request and its reply.
 * Destinations are mapped into the endpoint's translation table on first use. A request that comes back undelivered
 * (under faults) has simply not arrived. The replies also tell the sender its message arrived ({@link #delivered}):
 * a destination answers its requests in the order sent, so a message has arrived when the replies from its
 * destination reach the count of requests sent there up to its last one.
 */
public final class AmMessenger implements Messenger {
    private static final int TAG = 0xc0de;
    /** The handler of the request that ends a message. */
    private static final int LAST = 1;
    /** The handler of a request with more of its message to come. */
    private static final int MORE = 2;
    private static final int ACK = 3;

    private final Am am;
    private final Endpoint ep;
    private final int maxArgs;
    private final int maxMedium;
    private final Arrivals arrivals = new Arrivals();
    private final Arrivals delivered = new Arrivals();
    /** Per destination host: requests sent there, replies come back, and each message's last request's count. */
    private long[] requested = new long[0];
    private long[] replied = new long[0];
    private java.util.ArrayDeque<Long>[] ends = newEnds(0);
    private int[] entryOf = new int[0];
    private int entries;

    /**
     * The messenger of {@code am}'s program: creates its endpoint, which waits, so not in a constructor (a
     * continuation cannot be saved inside one).
     *
     * @param maxArgs   the stack's argument words of a short message
     * @param maxMedium the stack's largest medium message (bytes)
     */
    @continuable
    public static AmMessenger open(Am am, int maxArgs, int maxMedium) {
        Endpoint ep = am.endpoint(TAG);
        return new AmMessenger(am, ep, maxArgs, maxMedium);
    }

    private AmMessenger(Am am, Endpoint ep, int maxArgs, int maxMedium) {
        this.am = am;
        this.maxArgs = maxArgs;
        this.maxMedium = maxMedium;
        this.ep = ep;
        ep.setHandler(LAST, new Arrived());
        ep.setHandler(MORE, Handlers.reply(ACK));
        ep.setHandler(ACK, new Replied());
        // Under faults a request can come back (unreachable, or its endpoint gone with a crashed process): it did
        // not arrive, which the benchmarks count; the ledger has it as returned.
        ep.setErrorHandler((reason, original) -> {
        });
    }

    /** The last part of a message: it arrived; the empty reply gives the sender's credit back. */
    private final class Arrived implements Handler {
        @Override
        @continuable
        public void handle(Token token, Message m) {
            arrivals.arrived(am.now(), token.source().nic());
            token.reply(ACK);
        }
    }

    /** A reply to one of this program's requests: the message whose last request it answers has arrived. */
    private final class Replied implements Handler {
        @Override
        @continuable
        public void handle(Token token, Message m) {
            int from = token.source().nic();
            if (from >= replied.length) {
                return;
            }
            replied[from]++;
            while (!ends[from].isEmpty() && ends[from].peekFirst() <= replied[from]) {
                ends[from].pollFirst();
                delivered.arrived(am.now(), from);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static java.util.ArrayDeque<Long>[] newEnds(int n) {
        java.util.ArrayDeque<Long>[] out = new java.util.ArrayDeque[n];
        for (int i = 0; i < n; i++) {
            out[i] = new java.util.ArrayDeque<>();
        }
        return out;
    }

    /** Counts a message of {@code requests} requests to {@code dest} before its first goes. */
    private void expect(int dest, int requests) {
        if (dest >= requested.length) {
            int old = requested.length;
            requested = Arrays.copyOf(requested, dest + 1);
            replied = Arrays.copyOf(replied, dest + 1);
            java.util.ArrayDeque<Long>[] grown = newEnds(dest + 1);
            System.arraycopy(ends, 0, grown, 0, old);
            ends = grown;
        }
        requested[dest] += requests;
        ends[dest].addLast(requested[dest]);
    }

    @Override
    public Arrivals delivered() {
        return delivered;
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
    public void compute(long ps) {
        am.computeFor(ps);
    }

    @Override
    @continuable
    public void send(int dest, int bytes) {
        int entry = entry(dest);
        expect(dest, bytes <= 4 * maxArgs ? 1 : (bytes - 1) / maxMedium + 1);
        if (bytes <= 4 * maxArgs) {
            ep.request(entry, LAST, new int[(bytes + 3) / 4]);
            return;
        }
        int left = bytes;
        while (left > maxMedium) {
            ep.requestMedium(entry, MORE, new byte[maxMedium]);
            left -= maxMedium;
        }
        ep.requestMedium(entry, LAST, new byte[left]);
    }

    /** The translation entry for host {@code dest}'s first endpoint, mapped the first time it is needed. */
    @continuable
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
    public Arrivals arrivals() {
        return arrivals;
    }

    @Override
    @continuable
    public void await(long count, long deadline) {
        am.pollUntil(() -> arrivals.count() >= count, deadline);
    }

    @Override
    @continuable
    public void awaitDelivered(long count, long deadline) {
        long in = arrivals.count();
        am.pollUntil(() -> delivered.count() >= count || arrivals.count() > in, deadline);
    }

    @Override
    public void outcome(Object outcome) {
        am.outcome(outcome);
    }

    @Override
    public Counter counter(String name) {
        return am.counter(name);
    }
}
