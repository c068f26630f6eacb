package org.nowemu.protocol.am;

/** Runs, inside a poll, for a message returned to its sender, with the reason and the original message. */
@FunctionalInterface
public interface ErrorHandler {
    void returned(AmError reason, Message original);
}
