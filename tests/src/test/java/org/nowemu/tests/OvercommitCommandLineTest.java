package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.assertOneLineBadInput;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The endpoint-overcommit experiment through the command line: a pinned seeded run, and too many frames. */
class OvercommitCommandLineTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /**
     * Six clients, two frames (3 x overcommitted), 5 ms of traffic, a 1 ms timer: every request is answered, with
     * faults, evictions and NACKs; the same digest and figures with one lane and with three.
     */
    @Test
    void overcommittedServerAnswersEveryRequestTheSameWayWhateverThePartitioning() throws IOException {
        for (String[] runtime : new String[][] {{"nowemu.runtime.threads=1", "one-lane"},
                {"nowemu.runtime.threads=3", "three-lanes"}}) {
            Path json = tmp.resolve(runtime[1] + ".json");
            CommandLineTest.Outcome o = nowemu("run", "overcommit", "--set", "nowemu.overcommit.clients=6",
                    "--set", "nowemu.hardware.profiles.now.nic.endpoint-frames=2",
                    "--set", "nowemu.overcommit.duration=5ms", "--set", "nowemu.protocol.transport.quantum=1ms",
                    "--set", "nowemu.topology.chain.switches=2", "--set", runtime[0],
                    "--out", tmp.resolve(runtime[1]).toString(), "--json", json.toString());
            assertEquals(0, o.code(), o.err());
            JsonNode r = new ObjectMapper().readTree(json.toFile());
            JsonNode m = r.get("metrics");
            assertEquals("cda1bd8c99107e9b", r.get("digest").asText());
            assertEquals(299, m.get("overcommit.requests").asLong());
            assertEquals(299, m.get("overcommit.replies").asLong());
            assertEquals(12, m.get("overcommit.endpoint_faults").asLong());
            assertEquals(10, m.get("overcommit.evictions").asLong());
            assertEquals(273, m.get("overcommit.nacks").asLong());
            assertTrue(m.get("overcommit.server_rate_msgps").asDouble() > 0);
        }
    }

    @Test
    void moreEndpointFramesThanTheSramHoldsIsOneLineAndExitTwo() {
        CommandLineTest.Outcome o = nowemu("run", "overcommit", "--set", "nowemu.hardware.profiles.now.nic.endpoint-frames=40",
                "--set", "nowemu.overcommit.clients=3", "--out", tmp.toString());
        assertOneLineBadInput(o, "nowemu: nowemu.hardware.profiles.now.nic.endpoint-frames: 40 endpoint frames of 4608 B"
                + " do not fit: the amii firmware needs 221632 B of SRAM with its tables and buffers for 24 NICs, and"
                + " 196608 B are free (sram minus sram-reserved)");
    }
}
