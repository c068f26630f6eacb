package org.nowemu.protocol.basic;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

class BasicScratchTest {
    @Test
    void counters() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro");
        String st = System.getProperty("stacks", "fm1");
        var seen = new org.nowemu.protocol.parts.bench.Streaming.Seen[1];
        var res = Systems.run(Systems.cluster(r, st, h -> h == 0 ? m -> org.nowemu.protocol.parts.bench.Streaming.send(m, 1, 16384, 16)
                : h == 1 ? m -> seen[0] = org.nowemu.protocol.parts.bench.Streaming.receive(m, 0, 16, Systems.HORIZON / 2) : null));
        System.out.println(seen[0] + " " + seen[0].rate(16384) / 1e6);
        res.counters().forEach((k, v) -> System.out.println(k + " = " + v));
    }

    @Test
    void scratch() {
        String over = System.getProperty("over", "");
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro\n" + over);
        for (String st : System.getProperty("stacks", "fm2").split(",")) {
            long t0 = System.nanoTime();
            double lat = Systems.oneWayPs(r, st, 4, 30, 50) / 1e6;
            StringBuilder b = new StringBuilder();
            for (int size : new int[] {1024, 4096, 16384, 65536}) {
                b.append(String.format(" %d:%.2f", size, Systems.rate(r, st, size, Math.max(8, 262144 / size)) / 1e6));
            }
            System.out.printf("%s lat %.3f us  bw%s  wall %.1f s%n", st, lat, b, (System.nanoTime() - t0) / 1e9);
        }
    }
}
