package org.nowemu.protocol.am.stack;

import org.nowemu.actors.config.ConfigReader;

/**
 * What each firmware step costs in LANai cycles (keys under {@code nowemu.protocol.costs.<table>.firmware});
 * {@code entryBytes} is the size of a receive-queue entry DMA'd to the host besides its argument words.
 */
public record FirmwareCosts(int doorbell, int schedule, int endpointSwitch, int route, int send, int receive,
                            int deliver, int protectSend, int protectReceive, int reliableSend, int reliableReceive,
                            int ackSend, int ackReceive, int timer, int scan, int entryBytes) {
    static FirmwareCosts read(ConfigReader r, String p) {
        return new FirmwareCosts(c(r, p, "doorbell"), c(r, p, "schedule"), c(r, p, "endpoint-switch"),
                c(r, p, "route"), c(r, p, "send"), c(r, p, "receive"), c(r, p, "deliver"), c(r, p, "protect-send"),
                c(r, p, "protect-receive"), c(r, p, "reliable-send"), c(r, p, "reliable-receive"),
                c(r, p, "ack-send"), c(r, p, "ack-receive"), c(r, p, "timer"), c(r, p, "scan"),
                r.intIn(p + ".entry-bytes", 0, 4096));
    }

    private static int c(ConfigReader r, String p, String step) {
        return r.intIn(p + "." + step + "-cycles", 0, 1_000_000);
    }
}
