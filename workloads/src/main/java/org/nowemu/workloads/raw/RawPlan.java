package org.nowemu.workloads.raw;

import java.util.List;

/**
 * What the driver NIC (h0) measures, in order: ping-pongs with one host at each hop count, then a stream to the
 * nearest host for each size.
 *
 * @param settings  the experiment's settings
 * @param targets   per measured hop count, the host h0 ping-pongs with ({@code hops.get(i)} switches away)
 * @param hops      the hop counts measured (switches on the route)
 * @param routes    per host, h0's route to it (null for h0 and hosts not measured)
 * @param back      per host, its route back to h0 (null likewise)
 * @param sink      the host of the throughput stream
 */
public record RawPlan(RawSettings settings, List<Integer> targets, List<Integer> hops, byte[][] routes, byte[][] back,
                      int sink) {
}
