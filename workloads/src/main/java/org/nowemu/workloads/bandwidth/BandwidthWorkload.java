package org.nowemu.workloads.bandwidth;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.workloads.experiment.PairStudy;
import org.nowemu.workloads.experiment.PairWorkload;

/**
 * Bandwidth against medium-message size ({@code nowemu.bandwidth}), one host pair per (stack, DMA mode)
 * ({@link BandwidthPairs}).
 *
 * <p>Metrics: {@code bw.<stack>.<streaming|consistent>.<bytes>B_MBps} (10^6 B/s).
 */
public final class BandwidthWorkload extends PairWorkload {
    public BandwidthWorkload() {
        super("bandwidth",
                "medium-message bandwidth vs size per protocol stack, streaming and consistent DMA",
                BandwidthWorkload::of);
    }

    /** The study, as the overview experiment composes it with others. */
    public static PairStudy of(ConfigReader r, HardwareProfile profile) {
        return new BandwidthPairs(BandwidthSettings.read(r, profile));
    }
}
