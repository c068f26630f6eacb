package org.nowemu.workloads.phold;

import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.time.VirtualTime;

public final class LossProbe {
    public static void main(String[] a) {
        PholdSettings s = new PholdSettings(50, 4, VirtualTime.US, VirtualTime.US, 0.1, 50 * VirtualTime.US);
        for (int i = 0; i < 200; i++) {
            boolean trace = i % 2 == 0;
            RunResult r = Emulation.run(PholdModel.build(s), new RuntimeSettings(7, 2, 1 + (i / 2) % 3, trace, 10000), s.durationPs());
            if (!r.invariants().hold() || !r.digest().equals("20a47055a2ba813e")) {
                System.out.println("run " + i + " trace " + trace + " " + r.invariants() + " " + r.digest());
            }
        }
        System.out.println("done");
    }
}
