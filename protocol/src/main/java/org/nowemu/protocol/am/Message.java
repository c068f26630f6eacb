package org.nowemu.protocol.am;

/**
 * What a handler sees of a message: where it came from, its handler index, its argument words and, for a medium
 * message, its data. For a received medium message the data is the endpoint's staging buffer (zero copies on
 * the receiving side); for a bulk transfer {@code offset} is where it was written into the receiver's region.
 *
 * @param source  the sending endpoint
 * @param handler the handler index it named
 * @param args    the argument words
 * @param data    medium data, or an empty array
 * @param offset  bulk: offset of the data in the receiver's region; -1 otherwise
 * @param id      run-unique message id (its ledger id: system, sending NIC, destination NIC, sending endpoint
 *                and sequence), for ledgers and tests
 * @param reply   whether it travelled as a reply
 */
public record Message(EndpointName source, int handler, int[] args, byte[] data, int offset, long id, boolean reply) {
    public int arg(int i) {
        return args[i];
    }

    public int length() {
        return data.length;
    }
}
