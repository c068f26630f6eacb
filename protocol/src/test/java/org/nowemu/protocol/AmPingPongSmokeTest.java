package org.nowemu.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.Endpoint;
import org.nowemu.protocol.am.EndpointName;
import org.nowemu.protocol.support.AmNets;

class AmPingPongSmokeTest {
    @Test
    void pingPongRoundTrips() {
        ConfigReader r = AmNets.config("nowemu.topology.single.hosts = 2");
        int[] got = new int[1];
        long[] rtt = new long[1];
        AmProgram client = am -> {
            Endpoint ep = am.endpoint(7);
            ep.map(0, new EndpointName(1, 0), 9);
            int[] replies = {0};
            ep.setHandler(2, (t, m) -> replies[0]++);
            am.computeFor(100_000_000L);
            long start = am.now();
            for (int i = 0; i < 10; i++) {
                int want = i + 1;
                ep.request(0, 1, i, 0, 0, 0);
                am.pollUntil(() -> replies[0] == want);
            }
            rtt[0] = (am.now() - start) / 10;
            got[0] = replies[0];
        };
        AmProgram server = am -> {
            Endpoint ep = am.endpoint(9);
            ep.setHandler(1, (t, m) -> t.reply(2, m.arg(0)));
            am.pollUntil(() -> false);
        };
        RunResult res = AmNets.run(r, "amii", Map.of(0, client, 1, server), 1_000_000_000_000L);
        System.out.println("rtt us " + rtt[0] / 1e6 + " events " + res.events() + " " + res.counters());
        assertEquals(10, got[0]);
    }
}
