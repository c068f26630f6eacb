package org.nowemu.workloads.phold;

import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.time.VirtualTime;

/** Scratch probe for profiling (not a test): runtime only. Args: lookahead events threads partitions reps. */
public final class RuntimeProbe {
    public static void main(String[] a) {
        PholdSettings s = new PholdSettings(1024, 4, VirtualTime.parse(a[0]), VirtualTime.US, 0.1, 1);
        s = s.withDuration(s.durationFor(Long.parseLong(a[1])));
        for (int rep = 0; rep < Integer.parseInt(a[4]); rep++) {
            RunResult r = Emulation.run(PholdModel.build(s), new RuntimeSettings(1, Integer.parseInt(a[2]), Integer.parseInt(a[3]), false, 0), s.durationPs());
            System.out.printf("actors %.2fM/s windows %d act/ev %.2f %s%n", r.eventsPerSecond() / 1e6, r.windows(),
                    (double) r.activations() / r.events(), r.digest());
        }
    }
}
