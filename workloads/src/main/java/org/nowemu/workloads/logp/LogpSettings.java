package org.nowemu.workloads.logp;

import java.util.List;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.workloads.experiment.StackPairs;

/**
 * Settings of the LogP microbenchmark ({@code nowemu.logp}).
 *
 * @param stacks     the stacks measured, one host pair each
 * @param args       argument words of each short request and reply
 * @param roundTrips ping-pong round trips for RTT
 * @param samples    short bursts (for Os) and timed polls (for Or)
 * @param burst      requests of the long burst whose steady rate gives g
 * @param settle     idle time before each Os burst and each timed poll, so nothing is in flight (ps)
 * @param maxTimePs  virtual time after which the run stops even if unfinished
 */
public record LogpSettings(List<StackSettings> stacks, int args, int roundTrips, int samples, int burst, long settle,
                           long maxTimePs) {
    static final String PREFIX = "nowemu.logp.";

    static LogpSettings read(ConfigReader r, HardwareProfile profile) {
        List<StackSettings> stacks = StackPairs.stacks(r, PREFIX + "stacks", profile);
        return new LogpSettings(stacks, r.intIn(PREFIX + "args", 0, stacks.get(0).maxArgs()),
                r.intIn(PREFIX + "round-trips", 1, 1_000_000), r.intIn(PREFIX + "samples", 1, 1_000_000),
                r.intIn(PREFIX + "burst", 8, 10_000_000), r.duration(PREFIX + "settle", VirtualTime.US),
                r.duration(PREFIX + "max-time", VirtualTime.US));
    }
}
