package org.nowemu.mapper.daemon;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;

/**
 * Settings of the mapper daemons ({@code nowemu.mapper}).
 *
 * @param probeTimeout    how long a batch of probes waits for answers (ps)
 * @param startJitter     each daemon starts mapping at a seeded random time in [0, startJitter) (ps)
 * @param followerTimeout how long a daemon that deferred to a higher one waits for its routes before mapping
 *                        itself (ps)
 * @param distributeTries sends of a NIC's routing table without an acknowledgement before the leader reports that
 *                        NIC unreachable
 * @param priority        election priority of every daemon (the higher wins; then the higher NIC address)
 * @param remapPeriod     how long after each map the leader maps again (ps; 0: never)
 */
public record MapperSettings(long probeTimeout, long startJitter, long followerTimeout, int distributeTries,
                             int priority, long remapPeriod) {
    static final String PREFIX = "nowemu.mapper.";

    public static MapperSettings read(ConfigReader r) {
        return new MapperSettings(r.duration(PREFIX + "probe-timeout", 1, VirtualTime.S),
                r.duration(PREFIX + "start-jitter", 1, VirtualTime.S),
                r.duration(PREFIX + "follower-timeout", 1, 100 * VirtualTime.S),
                r.intIn(PREFIX + "distribute-tries", 1, 1000), r.intIn(PREFIX + "priority", 0, 1 << 20),
                r.duration(PREFIX + "remap-period", 0, 1000 * VirtualTime.S));
    }

    /**
     * Whether the experiments that take faults (contention, permutations) run a daemon on every host beside their
     * traffic ({@code nowemu.mapper.with-traffic}).
     */
    public static boolean withTraffic(ConfigReader r) {
        return r.bool(PREFIX + "with-traffic");
    }
}
