package org.nowemu.protocol.parts.multicast;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.Messenger;

/**
 * Multicast by repeated sends (PM's multisend, done here by the host): the sender sends the message to each other
 * member in the group's order. Linear in the group's size: the last member gets it after all the others' sends.
 */
public final class RepeatedSends {
    private RepeatedSends() {
    }

    /** Sends {@code bytes} bytes to each member of {@code group} but the sender. */
    @continuable
    public static void send(Messenger m, int[] group, int bytes) {
        for (int member : group) {
            if (member != m.host()) {
                m.send(member, bytes);
            }
        }
    }
}
