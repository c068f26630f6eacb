package org.nowemu.workloads.experiment;

import org.nowemu.actors.config.ConfigReader;

/** The measuring window of an experiment that runs its traffic for a while and leaves out how it starts. */
public final class Windows {
    private Windows() {
    }

    /**
     * {@code <prefix>warmup}, the start of the traffic's {@code duration} left out of the figures (ps): shorter than
     * the duration, or the window would be empty.
     */
    public static long warmup(ConfigReader r, String prefix, long duration) {
        long warmup = r.duration(prefix + "warmup", 0);
        if (warmup >= duration) {
            throw r.bad(prefix + "warmup", "must be shorter than duration");
        }
        return warmup;
    }
}
