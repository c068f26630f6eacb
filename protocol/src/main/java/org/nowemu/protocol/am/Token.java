package org.nowemu.protocol.am;

import org.apache.commons.javaflow.api.continuable;

/**
 * Handed to a handler: who sent the message, and for a request the one reply it may send. A reply goes back to
 * the requesting endpoint on the reply channels and frees its credit there.
 */
public final class Token {
    private final Endpoint endpoint;
    private final Message message;
    private final int srcTag;
    private boolean replied;

    Token(Endpoint endpoint, Message message, int srcTag) {
        this.endpoint = endpoint;
        this.message = message;
        this.srcTag = srcTag;
    }

    /** The endpoint that sent the message. */
    public EndpointName source() {
        return message.source();
    }

    /** Whether a reply has been sent with this token. */
    public boolean replied() {
        return replied;
    }

    /** Replies with a short message of {@code args} words to handler {@code handler} of the requester. */
    @continuable
    public void reply(int handler, int... args) {
        replyMedium(handler, new byte[0], args);
    }

    /** Replies with a medium message: {@code data} is copied into the staging area, then sent by the NIC. */
    @continuable
    public void replyMedium(int handler, byte[] data, int... args) {
        check();
        endpoint.send(true, -1, message.source(), srcTag, handler, args, data, -1, 0, -1);
    }

    /** Sends the request back to its sender as returned with {@code error} (the library's use: no handler). */
    @continuable
    void bounce(AmError error) {
        check();
        endpoint.send(true, -1, message.source(), srcTag, message.handler(), message.args(), new byte[0],
                -1, error.code(), message.id());
    }

    private void check() {
        if (message.reply()) {
            throw new AmException(AmError.BAD_ARGUMENTS, "a reply handler cannot reply (message from "
                    + message.source() + ")");
        }
        if (replied) {
            throw new AmException(AmError.BAD_ARGUMENTS, "a request handler may reply only once (message from "
                    + message.source() + ")");
        }
        replied = true;
    }
}
