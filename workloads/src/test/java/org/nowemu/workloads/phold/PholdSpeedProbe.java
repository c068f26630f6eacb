package org.nowemu.workloads.phold;

import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.time.VirtualTime;

/** Scratch probe (not a test): java -cp ... PholdSpeedProbe lookaheadNs events threads partitions. */
public final class PholdSpeedProbe {
    public static void main(String[] a) {
        long la = VirtualTime.parse(a[0]);
        long events = Long.parseLong(a[1]);
        int threads = Integer.parseInt(a[2]);
        int parts = Integer.parseInt(a[3]);
        PholdSettings s = new PholdSettings(1024, 4, la, VirtualTime.US, 0.1, 1);
        s = s.withDuration(s.durationFor(events));
        for (int rep = 0; rep < 3; rep++) {
            long t0 = System.nanoTime();
            PlainPhold.Outcome o = new PlainPhold().run(s, 1);
            double w = (System.nanoTime() - t0) / 1e9;
            System.out.printf("plain  %d events %.2fs %.2fM/s digest %s%n", o.events(), w, o.events() / w / 1e6, o.digest());
            RunResult r = Emulation.run(PholdModel.build(s), new RuntimeSettings(1, threads, parts, false, 0), s.durationPs());
            System.out.printf("actors %d events %.2fs %.2fM/s digest %s windows %d act/ev %.2f%n", r.events(), r.wallSeconds(),
                    r.eventsPerSecond() / 1e6, r.digest(), r.windows(), (double) r.activations() / r.events());
        }
    }
}
