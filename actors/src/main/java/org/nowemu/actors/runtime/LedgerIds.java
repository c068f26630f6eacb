package org.nowemu.actors.runtime;

/**
 * The layout of a ledger id, one for every communication system, in 64 bits (the ledger keeps ids as longs, and AM
 * carries its ids in packet headers):
 *
 * <pre>
 *  63    60 59           44 43           28 27                 0
 * | system | source host   | dest. host    | stream             |
 * </pre>
 *
 * The system ({@link IdSystem}) keeps systems, and the kinds of message one system numbers apart, from sharing an
 * id. Hosts take 16 bits each: up to {@link #MAX_HOSTS} hosts. The stream numbers the sender's messages to that
 * destination host: for a system with one sender a host (FM, the basic protocol, ...) it is the sequence alone, which
 * both ends count (most put it in their header, FM's receiver counts in the order it handles); for AM, whose hosts
 * run many endpoints, it is the sending endpoint over the sequence ({@link #stream}), split at a width fixed for
 * each stack when the model is built from the endpoints it allows, so a sequence of {@code 28 - endpointBits} bits
 * numbers one endpoint's messages to one host. The destination endpoint is not in the id (the ledger has it as the
 * address sent to): an id names its sender's counter, and the endpoints of one host (of several processes, each
 * its own component) cannot share one.
 *
 * <p>Nothing wraps: a sender whose sequence would not fit fails the run, naming the limit, rather than reuse an
 * id the ledger would take for a duplicate.
 */
public final class LedgerIds {
    public static final int SYSTEM_BITS = 4;
    public static final int HOST_BITS = 16;
    public static final int STREAM_BITS = 28;
    /** Hosts the layout can tell apart. */
    public static final int MAX_HOSTS = 1 << HOST_BITS;
    /** Endpoints a host may have: at most 16 of the stream's bits, so a sequence keeps at least 12. */
    public static final int MAX_ENDPOINTS = 1 << 16;
    private static final long STREAM_MASK = (1L << STREAM_BITS) - 1;
    private static final int HOST_MASK = MAX_HOSTS - 1;

    private LedgerIds() {
    }

    /** The id of {@code system}'s message from host {@code src} to host {@code dst} with stream {@code stream}. */
    public static long of(IdSystem system, int src, int dst, long stream) {
        if ((src & ~HOST_MASK) != 0 || (dst & ~HOST_MASK) != 0 || (stream & ~STREAM_MASK) != 0) {
            throw new IllegalArgumentException(system.label() + " message from h" + src + " to h" + dst
                    + ", stream " + stream + ": outside the ledger id's fields (hosts 0.." + HOST_MASK + ", stream 0.."
                    + STREAM_MASK + ")");
        }
        return ((long) system.code() << (64 - SYSTEM_BITS)) | ((long) src << (HOST_BITS + STREAM_BITS))
                | ((long) dst << STREAM_BITS) | stream;
    }

    /** The bits an endpoint index takes in the stream of a host with {@code endpoints} endpoints (0 for one). */
    public static int endpointBits(int endpoints) {
        return 32 - Integer.numberOfLeadingZeros(Math.max(1, endpoints) - 1);
    }

    /** The messages one sender may number to one host when its endpoint takes {@code endpointBits} bits. */
    public static long sequences(int endpointBits) {
        return 1L << (STREAM_BITS - endpointBits);
    }

    /**
     * The stream of message {@code seq} of endpoint {@code endpoint}, whose index takes {@code endpointBits} bits;
     * the caller has checked that both fit ({@link #sequences}).
     */
    public static long stream(int endpoint, int endpointBits, long seq) {
        return ((long) endpoint << (STREAM_BITS - endpointBits)) | seq;
    }

    /** The system of id {@code id}, or null if its field names none. */
    public static IdSystem system(long id) {
        return IdSystem.ofCode((int) (id >>> (64 - SYSTEM_BITS)));
    }

    /** The sending host of id {@code id}. */
    public static int source(long id) {
        return (int) (id >>> (HOST_BITS + STREAM_BITS)) & HOST_MASK;
    }

    /** The destination host of id {@code id}. */
    public static int destination(long id) {
        return (int) (id >>> STREAM_BITS) & HOST_MASK;
    }

    /** The name of the system of id {@code id}: its label, or the bare field value if no system has it. */
    public static String systemName(long id) {
        IdSystem s = system(id);
        return s != null ? s.label() : "system " + (id >>> (64 - SYSTEM_BITS));
    }
}
