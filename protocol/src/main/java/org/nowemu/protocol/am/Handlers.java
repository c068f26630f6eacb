package org.nowemu.protocol.am;

import org.apache.commons.javaflow.api.continuable;

/**
 * The handlers many AM programs register, as named classes: a handler runs as part of a continuation, so it must be
 * a class the weaver rewrites, never a lambda; these spare a program the anonymous-class shell for the common ones.
 */
public final class Handlers {
    private Handlers() {
    }

    /** Does nothing: a reply handler whose message only gives its credit back. */
    public static Handler ignore() {
        return new Ignore();
    }

    /** Answers every request with an empty reply to handler {@code replyHandler}. */
    public static Handler reply(int replyHandler) {
        return new Reply(replyHandler, false);
    }

    /** Answers every request with a reply to handler {@code replyHandler} carrying the request's argument words. */
    public static Handler echo(int replyHandler) {
        return new Reply(replyHandler, true);
    }

    private static final class Ignore implements Handler {
        @Override
        @continuable
        public void handle(Token token, Message message) {
        }
    }

    private record Reply(int replyHandler, boolean echo) implements Handler {
        @Override
        @continuable
        public void handle(Token token, Message message) {
            if (echo) {
                token.reply(replyHandler, message.args());
            } else {
                token.reply(replyHandler);
            }
        }
    }
}
