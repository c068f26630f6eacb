package org.nowemu.workloads.logp;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.workloads.experiment.PairStudy;
import org.nowemu.workloads.experiment.PairWorkload;

/**
 * The LogP parameters of each protocol stack ({@code nowemu.logp}), measured with the microbenchmark in
 * {@link LogpProgram}, one host pair per stack.
 *
 * <p>Metrics, per stack: {@code logp.<stack>.os_us}, {@code .or_us}, {@code .g_us}, {@code .rtt_us} (timed in the
 * run) and {@code .l_us} (derived: RTT/2 - Os - Or).
 */
public final class LogpWorkload extends PairWorkload {
    public LogpWorkload() {
        super("logp",
                "LogP microbenchmark per protocol stack: Os, Or, g, L, RTT", LogpWorkload::of);
    }

    /** The study, as the overview experiment composes it with others. */
    public static PairStudy of(ConfigReader r, HardwareProfile profile) {
        return new LogpPairs(LogpSettings.read(r, profile));
    }
}
