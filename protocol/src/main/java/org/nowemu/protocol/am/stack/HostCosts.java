package org.nowemu.protocol.am.stack;

import org.nowemu.actors.config.ConfigReader;

/**
 * What the host library's calls cost (keys under {@code nowemu.protocol.costs.<table>.host}).
 *
 * @param sendCycles        host cycles per request before its words cross the bus
 * @param replyCycles       host cycles per reply (no credit or translation to look at) before its words cross
 * @param entryWords        PIO words of a send-queue entry besides the arguments
 * @param pollEmptyCycles   host cycles of a poll that finds nothing
 * @param pollMessageCycles host cycles per message a poll takes out and dispatches
 * @param freeWords         PIO words written once per poll that consumed entries
 */
public record HostCosts(int sendCycles, int replyCycles, int entryWords, int pollEmptyCycles, int pollMessageCycles, int freeWords) {
    static HostCosts read(ConfigReader r, String p) {
        return new HostCosts(r.intIn(p + ".send-cycles", 0, 1_000_000), r.intIn(p + ".reply-cycles", 0, 1_000_000),
                r.intIn(p + ".entry-words", 0, 64),
                r.intIn(p + ".poll-empty-cycles", 1, 1_000_000), r.intIn(p + ".poll-message-cycles", 0, 1_000_000),
                r.intIn(p + ".free-words", 0, 64));
    }
}
