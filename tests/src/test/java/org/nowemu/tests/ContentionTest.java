package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contention experiment at a small size (1, 2, 4 and 8 clients on two switches), checked against the LogP
 * gap g of the same stack, measured by the LogP experiment in the same test.
 */
class ContentionTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    private JsonNode run(String name, String... sets) throws IOException {
        String[] args = new String[sets.length * 2 + 4];
        args[0] = "run";
        args[1] = name;
        for (int i = 0; i < sets.length; i++) {
            args[2 + 2 * i] = "--set";
            args[3 + 2 * i] = sets[i];
        }
        Path out = tmp.resolve(name + "-" + sets.length);
        args[args.length - 2] = "--out";
        args[args.length - 1] = out.toString();
        CommandLineTest.Outcome o = nowemu(args);
        assertEquals(0, o.code(), o.err());
        return new ObjectMapper().readTree(out.resolve("results.json").toFile());
    }

    /**
     * Once the server is saturated (2 clients with 4 credits each keep it busy), its rate stays within 15% of 1/g
     * and each client gets 1/N of it; with one request each outstanding, RTT grows by about g per extra client once
     * the server is the bottleneck (4 to 8 clients): slope within 15% of g. The run is seeded: digest pinned.
     */
    @Test
    void theServerSaturatesAtAboutOneOverGAndRoundTripsGrowByGPerClient() throws IOException {
        double g = run("logp", "nowemu.logp.stacks=[amii]", "nowemu.topology.chain.switches=1").get("metrics")
                .get("logp.amii.g_us").asDouble();
        JsonNode r = run("contention", "nowemu.contention.clients=[1, 2, 4, 8]", "nowemu.topology.name=chain",
                "nowemu.topology.chain.switches=2", "nowemu.topology.chain.hosts-per-switch=5");
        JsonNode m = r.get("metrics");
        double peak = 1e6 / g;
        for (int n : new int[] {2, 4, 8}) {
            double server = m.get("contention.short." + n + ".server_rate_msgps").asDouble();
            double client = m.get("contention.short." + n + ".client_rate_msgps").asDouble();
            assertTrue(Math.abs(server - peak) <= 0.15 * peak, n + " clients: server " + server + " msg/s, 1/g " + peak);
            assertEquals(server / n, client, 1e-9, "each client gets 1/" + n);
        }
        double slope = (m.get("contention.rtt.8.rtt_us").asDouble() - m.get("contention.rtt.4.rtt_us").asDouble()) / 4;
        assertTrue(Math.abs(slope - g) <= 0.15 * g, "RTT slope " + slope + " us per client, g " + g);
        assertTrue(m.get("contention.bulk.server_bw_MBps").asDouble() > 0);
        assertEquals("c1b7490e567ebefb", r.get("digest").asText());
    }
}
