package org.nowemu.protocol.parts.ledger;

import org.nowemu.actors.runtime.LedgerBook;

/**
 * Ledger ids of the comparison systems' messages: the layer, the sending and receiving hosts and the message's
 * number among those from one to the other. The systems put no id on the wire that they would not carry anyway:
 * the basic protocol's header has a per-destination packet number, MPI's its sequence number, and FM, which has
 * none (in-order delivery comes from the network), lets the receiver number messages from each sender in the
 * order it handles them, so a lost, duplicated or made-up message shows in the ledger (a reordering does not:
 * tests check order by content). A process is the ledger address's endpoint 0 of its host.
 */
public final class MessageIds {
    public static final int BASIC = 0;
    public static final int FM = 1;
    public static final int MPI = 2;
    public static final int BIP = 3;
    /** Hosts the id layout can tell apart. */
    public static final int MAX_HOSTS = 4096;

    private MessageIds() {
    }

    /** The id of message {@code seq} (from 0) of layer {@code layer} from host {@code src} to host {@code dst}. */
    public static long of(int layer, int src, int dst, long seq) {
        return ((long) layer << 60) | ((long) src << 48) | ((long) dst << 36) | (seq & 0xf_ffff_ffffL);
    }

    /** The ledger address of the process on host {@code host}. */
    public static long address(int host) {
        return LedgerBook.address(host, 0);
    }

    /** Refuses a cluster too large for the id layout. */
    public static void check(int hosts) {
        if (hosts > MAX_HOSTS) {
            throw new org.nowemu.actors.config.BadInputException("nowemu.topology: " + hosts
                    + " hosts; the comparison systems (basic, FM, MPI over FM) run on at most " + MAX_HOSTS);
        }
    }
}
