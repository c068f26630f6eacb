package org.nowemu.protocol.parts.reliability;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;

/**
 * What the NIC-side reliability parts need ({@code nowemu.protocol.reliability}), shared by every system that
 * composes them.
 *
 * @param window          ACK/NACK: packets a sender keeps unacknowledged per destination (alternating bit: 1)
 * @param nackBackoffPs   how long a sender waits after a NACK before it goes back (ps)
 * @param timeoutPs       silence after which a sender goes back to its oldest unacknowledged packet (ps)
 * @param maxRetries      timeouts in a row after which the sender gives the packets up (returned to the host)
 * @param nicCredits      NIC-level credits: SRAM receive buffers a receiving NIC sets aside for each sender
 * @param creditThreshold NIC-level credits: freed buffers a receiver gathers before it returns them in one frame
 * @param keepCycles      numbering a data packet and keeping or counting it (LANai cycles)
 * @param controlCycles   handling an ACK, NACK or credit frame (LANai cycles)
 */
public record ReliabilitySettings(int window, long nackBackoffPs, long timeoutPs, int maxRetries, int nicCredits,
                                  int creditThreshold, int keepCycles, int controlCycles) {
    public static final String ROOT = "nowemu.protocol.reliability.";

    public static ReliabilitySettings read(ConfigReader r) {
        int credits = r.intIn(ROOT + "nic-credits", 1, 255);
        return new ReliabilitySettings(r.intIn(ROOT + "window", 1, 1024),
                r.duration(ROOT + "nack-backoff", 0, VirtualTime.MS), r.duration(ROOT + "timeout", VirtualTime.US),
                r.intIn(ROOT + "max-retries", 1, 1_000_000), credits,
                r.intIn(ROOT + "credit-threshold", 1, credits), r.intIn(ROOT + "keep-cycles", 0, 1_000_000),
                r.intIn(ROOT + "control-cycles", 0, 1_000_000));
    }
}
