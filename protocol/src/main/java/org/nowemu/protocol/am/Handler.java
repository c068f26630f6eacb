package org.nowemu.protocol.am;

import org.apache.commons.javaflow.api.continuable;

/**
 * An AM handler, registered on an endpoint under an index. It runs inside a poll, on the receiving program's
 * thread. A request handler may reply once through the token; a reply handler may not.
 */
@FunctionalInterface
public interface Handler {
    @continuable
    void handle(Token token, Message message);
}
