package org.nowemu.protocol.parts.ledger;

import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.actors.runtime.LedgerBook;
import org.nowemu.actors.runtime.LedgerIds;

/**
 * Ledger ids of every system's messages, in the one layout of {@link LedgerIds} (system, source host, destination
 * host, stream). The systems put no id on the wire that they would not carry anyway: the basic protocol's header
 * has a per-destination packet number, MPI's its sequence number, and FM, which has none (in-order delivery comes
 * from the network), lets the receiver number messages from each sender in the order it handles them, so a lost,
 * duplicated or made-up message shows in the ledger (a reordering does not: tests check order by content). AM
 * carries its whole id in its header, made from the sending endpoint and its own count to the destination host. A
 * process of a system with one process per host is the ledger address's endpoint 0 of its host.
 *
 * <p>The widths are checked when the model is built ({@link #check}): a cluster of more hosts, or a stack with more
 * endpoints, than the fields hold is bad input. A count that outgrows its sequence field fails the run, naming the
 * limit ({@link #of}); nothing wraps into an id already used.
 */
public final class MessageIds {
    private MessageIds() {
    }

    /** The id of message {@code seq} (from 0) of {@code system} from host {@code src} to host {@code dst}. */
    public static long of(IdSystem system, int src, int dst, long seq) {
        if (seq >= LedgerIds.sequences(0)) {
            throw new IllegalStateException("ledger ids: " + system.label() + " message " + seq + " from h" + src
                    + " to h" + dst + " has no id: the " + LedgerIds.STREAM_BITS + "-bit sequence numbers "
                    + LedgerIds.sequences(0) + " messages from one host to another");
        }
        return LedgerIds.of(system, src, dst, seq);
    }

    /**
     * The id of message {@code seq} (from 0) that endpoint {@code endpoint} of host {@code src} sends to host
     * {@code dst}, on a stack whose endpoint indices take {@code endpointBits} bits ({@link #endpointBits}).
     */
    public static long of(IdSystem system, int src, int endpoint, int endpointBits, int dst, long seq) {
        long room = LedgerIds.sequences(endpointBits);
        if (seq >= room) {
            throw new IllegalStateException("ledger ids: " + system.label() + " message " + seq + " from h" + src
                    + ".ep" + endpoint + " to h" + dst + " has no id: with endpoint indices of " + endpointBits
                    + " bits (the stack's max-endpoints) the sequence numbers " + room
                    + " messages from one endpoint to one host (fewer endpoints leave it more)");
        }
        return LedgerIds.of(system, src, dst, LedgerIds.stream(endpoint, endpointBits, seq));
    }

    /** The bits an endpoint index takes in the ids of a stack with {@code maxEndpoints} endpoints a host. */
    public static int endpointBits(int maxEndpoints) {
        return LedgerIds.endpointBits(maxEndpoints);
    }

    /** The ledger address of the process on host {@code host}. */
    public static long address(int host) {
        return LedgerBook.address(host, 0);
    }

    /** Refuses a cluster too large for the id layout. */
    public static void check(int hosts) {
        check(hosts, 1);
    }

    /** Refuses a cluster, or a stack's endpoints a host ({@code maxEndpoints}), too large for the id layout. */
    public static void check(int hosts, int maxEndpoints) {
        if (hosts > LedgerIds.MAX_HOSTS) {
            throw new BadInputException("nowemu.topology: " + hosts + " hosts; message ids name at most "
                    + LedgerIds.MAX_HOSTS + " (" + LedgerIds.HOST_BITS + " bits for a host)");
        }
        if (maxEndpoints > LedgerIds.MAX_ENDPOINTS) {
            throw new BadInputException("nowemu.protocol.max-endpoints: " + maxEndpoints + "; message ids name at most "
                    + LedgerIds.MAX_ENDPOINTS + " endpoints a host");
        }
    }
}
