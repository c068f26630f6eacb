package org.nowemu.protocol.mpi;

/**
 * What a completed receive tells: the message's source rank, its tag and its length.
 *
 * @param source the sending rank
 * @param tag    its tag
 * @param count  payload bytes received
 */
public record MpiStatus(int source, int tag, int count) {
}
