package org.nowemu.workloads.raw;

import java.util.List;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;

/**
 * Settings of the raw-packet experiment ({@code nowemu.raw-pingpong}).
 *
 * @param sizes           packet body sizes to measure (bytes, ascending, each 2..max-packet)
 * @param maxSwitches     hop counts 1..maxSwitches are measured where the topology has a host that far from h0
 * @param roundTrips      ping-pongs per (hop count, size)
 * @param streamPackets   packets per size in the throughput stream
 * @param handlerCycles   LANai cycles the firmware charges per packet it handles
 * @param maxTimePs       virtual time after which the run stops even if unfinished
 */
public record RawSettings(List<Integer> sizes, int maxSwitches, int roundTrips, int streamPackets, int handlerCycles,
                          long maxTimePs) {
    static final String PREFIX = "nowemu.raw-pingpong.";

    static RawSettings read(ConfigReader r, int maxPacket) {
        List<Integer> sizes = r.intList(PREFIX + "sizes");
        if (sizes.isEmpty()) {
            throw r.bad(PREFIX + "sizes", "needs at least one size");
        }
        for (int i = 0; i < sizes.size(); i++) {
            int s = sizes.get(i);
            if (s < 2 || s > maxPacket) {
                throw r.bad(PREFIX + "sizes", "each size must be between 2 and the profile's max-packet " + maxPacket + " B, got " + s);
            }
            if (i > 0 && s <= sizes.get(i - 1)) {
                throw r.bad(PREFIX + "sizes", "sizes must be ascending without repeats");
            }
        }
        return new RawSettings(List.copyOf(sizes), r.intIn(PREFIX + "max-switches", 1, 64),
                r.intIn(PREFIX + "round-trips", 1, 1_000_000), r.intIn(PREFIX + "stream-packets", 2, 10_000_000),
                r.intIn(PREFIX + "handler-cycles", 0, 1_000_000), r.duration(PREFIX + "max-time", VirtualTime.US));
    }
}
