package org.nowemu.workloads.compare;

import java.util.List;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.system.Stack;
import org.nowemu.workloads.experiment.StackPairs;

/**
 * Settings of the comparison of stacks ({@code nowemu.compare}).
 *
 * @param stacks            the stacks compared, each on its own host pair, of any system with a benchmark adapter
 * @param sizes             message sizes (bytes, ascending)
 * @param warmup            round trips per size before the timed ones
 * @param roundTrips        round trips timed per size
 * @param streamBytes       bytes a stream of one size carries, at least (messages: see {@link #messages})
 * @param minMessages       fewest messages in a stream
 * @param maxMessages       most messages in a stream
 * @param receiveTimeoutPs  how long a stream's receiver waits for its messages before it counts what came (ps)
 * @param maxTimePs         virtual time after which the run stops, finished or not (ps)
 */
public record CompareSettings(List<Stack<?, ?>> stacks, List<Integer> sizes, int warmup, int roundTrips,
                              long streamBytes, int minMessages, int maxMessages, long receiveTimeoutPs,
                              long maxTimePs) {
    static final String PREFIX = "nowemu.compare.";

    static CompareSettings read(ConfigReader r, HardwareProfile profile) {
        String key = PREFIX + "stacks";
        List<Stack<?, ?>> stacks = StackPairs.messengerStacks(r, key, profile);
        List<Integer> sizes = r.intList(PREFIX + "sizes");
        if (sizes.isEmpty()) {
            throw r.bad(PREFIX + "sizes", "needs at least one size");
        }
        for (int i = 0; i < sizes.size(); i++) {
            if (sizes.get(i) < 1 || sizes.get(i) > 1 << 24) {
                throw r.bad(PREFIX + "sizes", "each size must be 1..16777216 bytes, got " + sizes.get(i));
            }
            if (i > 0 && sizes.get(i) <= sizes.get(i - 1)) {
                throw r.bad(PREFIX + "sizes", "sizes must be ascending without repeats");
            }
        }
        int min = r.intIn(PREFIX + "min-stream-messages", 2, 1_000_000);
        int max = r.intIn(PREFIX + "max-stream-messages", 2, 1_000_000);
        if (max < min) {
            throw r.bad(PREFIX + "max-stream-messages", "below min-stream-messages (" + min + ")");
        }
        return new CompareSettings(stacks, List.copyOf(sizes), r.intIn(PREFIX + "warmup", 0, 1_000_000),
                r.intIn(PREFIX + "round-trips", 1, 1_000_000), r.bytes(PREFIX + "stream-bytes", 1, 1L << 34), min,
                max, r.duration(PREFIX + "receive-timeout", VirtualTime.US),
                r.duration(PREFIX + "max-time", VirtualTime.US));
    }

    /** Messages in the stream of {@code size}-byte messages: enough to carry stream-bytes, within the bounds. */
    int messages(int size) {
        long n = (streamBytes + size - 1) / size;
        return (int) Math.max(minMessages, Math.min(maxMessages, n));
    }

    /** The largest message size. */
    int maxSize() {
        return sizes.get(sizes.size() - 1);
    }
}
