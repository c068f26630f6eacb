package org.nowemu.protocol.fm.fm2;

import java.util.ArrayDeque;
import org.nowemu.protocol.fm.FmCore;

/**
 * An FM 2.x message as a byte stream with boundaries (the FM paper's {@code FM_stream}): on the sending side the
 * message {@code FM_begin_message} opened, with the packet being written; on the receiving side the message a
 * handler reads, with the packets extracted for it whose bytes it has not all taken, in order.
 */
public final class FmStream {
    final int peer;
    final int handler;
    final int size;
    /** Bytes written (sending) or taken by FM_receive (receiving). */
    int done;

    // sending: the packet being written, if one is open
    FmCore.Out packet;

    // receiving
    final ArrayDeque<FmCore.In> packets = new ArrayDeque<>();
    /** Bytes of the first packet in {@link #packets} already taken. */
    int offset;
    /** Payload bytes of the message extracted so far. */
    int arrived;
    boolean lastArrived;
    Coroutines.Task task;
    boolean blocked;
    boolean returned;

    FmStream(int peer, int handler, int size) {
        this.peer = peer;
        this.handler = handler;
        this.size = size;
    }

    /** The message's declared length. */
    public int size() {
        return size;
    }

    /** Bytes not yet written (sending) or not yet received (receiving). */
    public int remaining() {
        return size - done;
    }

    /** The other end: the destination (sending) or the sender (receiving). */
    public int peer() {
        return peer;
    }
}
