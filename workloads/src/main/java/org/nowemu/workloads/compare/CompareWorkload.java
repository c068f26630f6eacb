package org.nowemu.workloads.compare;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.workloads.experiment.PairStudy;
import org.nowemu.workloads.experiment.PairWorkload;

/**
 * The communication systems side by side ({@code nowemu.compare}): for each stack, on its own host pair, one-way
 * latency by ping-pong and streaming bandwidth at each message size, all sizes in one run ({@link ComparePairs}).
 *
 * <p>Metrics ({@code compare.<stack>.}): {@code <bytes>B.latency_us} (half the mean timed round trip),
 * {@code <bytes>B_MBps} (10^6 B/s); and, derived from those, {@code latency_us} (the smallest size's),
 * {@code peak_MBps} (the best size's) and {@code half_power_bytes} (N½).
 */
public final class CompareWorkload extends PairWorkload {
    public CompareWorkload() {
        super("compare",
                "latency, bandwidth and N½ against message size for stacks of any system, side by side",
                CompareWorkload::of);
    }

    /** The study, for callers that run it with others. */
    public static PairStudy of(ConfigReader r, HardwareProfile profile) {
        return new ComparePairs(CompareSettings.read(r, profile), profile.name());
    }
}
