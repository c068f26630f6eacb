package org.nowemu.workloads.bandwidth;

import java.util.List;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.workloads.experiment.StackPairs;

/**
 * Settings of the bandwidth sweep ({@code nowemu.bandwidth}).
 *
 * @param stacks    the stacks measured
 * @param modes     DMA modes for medium data, each a pair of hosts per stack: "streaming", "consistent"
 * @param sizes     medium message sizes (bytes, ascending, 1..max-medium)
 * @param messages  messages per size (the first K, one window of credits, are not timed)
 * @param maxTimePs virtual time after which the run stops even if unfinished
 */
public record BandwidthSettings(List<StackSettings> stacks, List<String> modes, List<Integer> sizes, int messages,
                                long maxTimePs) {
    static final String PREFIX = "nowemu.bandwidth.";

    static BandwidthSettings read(ConfigReader r, HardwareProfile profile) {
        List<StackSettings> stacks = StackPairs.stacks(r, PREFIX + "stacks", profile);
        List<String> modes = r.stringList(PREFIX + "modes");
        List<Integer> sizes = r.intList(PREFIX + "sizes");
        if (modes.isEmpty()) {
            throw r.bad(PREFIX + "modes", "needs at least one of streaming, consistent");
        }
        for (String m : modes) {
            if (!m.equals("streaming") && !m.equals("consistent")) {
                throw r.bad(PREFIX + "modes", "expected streaming or consistent, got '" + m + "'");
            }
        }
        int max = stacks.get(0).maxMedium();
        if (sizes.isEmpty()) {
            throw r.bad(PREFIX + "sizes", "needs at least one size");
        }
        for (int i = 0; i < sizes.size(); i++) {
            if (sizes.get(i) < 1 || sizes.get(i) > max) {
                throw r.bad(PREFIX + "sizes", "each size must be 1..max-medium " + max + " B, got " + sizes.get(i));
            }
            if (i > 0 && sizes.get(i) <= sizes.get(i - 1)) {
                throw r.bad(PREFIX + "sizes", "sizes must be ascending without repeats");
            }
        }
        int k = stacks.get(0).credits();
        return new BandwidthSettings(stacks, modes, List.copyOf(sizes),
                r.intIn(PREFIX + "messages", k + 2, 10_000_000), r.duration(PREFIX + "max-time", VirtualTime.US));
    }
}
