package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PM and Hamlyn in compare, through the command line, on a small topology (two switches of two hosts): every
 * message handled once, and the same digest, metrics and invariants on one JVM and on two.
 */
class PmHamlynCompareTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    @Test
    void pmAndHamlynRunCompareAlikeOnOneAndTwoJvms() throws IOException {
        List<String> run = List.of("compare", "--set", "nowemu.compare.stacks=[pm, hamlyn]",
                "--set", "nowemu.compare.sizes=[4, 2048, 8192]", "--set", "nowemu.compare.warmup=2",
                "--set", "nowemu.compare.round-trips=3", "--set", "nowemu.compare.stream-bytes=32KiB",
                "--set", "nowemu.compare.max-stream-messages=16", "--set", "nowemu.topology.chain.switches=2");
        JsonNode one = null;
        for (int jvms = 1; jvms <= 2; jvms++) {
            Path out = tmp.resolve("compare-" + jvms);
            List<String> args = new ArrayList<>(List.of("run"));
            args.addAll(run);
            args.addAll(List.of("--jvms", String.valueOf(jvms), "--out", out.toString()));
            CommandLineTest.Outcome o = CommandLineTest.nowemu(args.toArray(new String[0]));
            assertEquals(0, o.code(), o.err());
            JsonNode r = new ObjectMapper().readTree(out.resolve("results.json").toFile());
            if (one == null) {
                one = r;
                JsonNode inv = r.get("invariants");
                assertEquals(inv.get("sent").asLong(), inv.get("handled").asLong(), inv.toString());
                for (String stack : List.of("pm", "hamlyn")) {
                    double lat = r.get("metrics").get("compare." + stack + ".latency_us").asDouble();
                    double bw = r.get("metrics").get("compare." + stack + ".8192B_MBps").asDouble();
                    // Neither is calibrated: only sanity, above the wire's floor and below PCI's 126 MB/s.
                    assertTrue(lat > 5 && lat < 40 && bw > 20 && bw < 126, stack + ": " + lat + " us, " + bw + " MB/s");
                }
            } else {
                assertEquals(one.get("digest").asText(), r.get("digest").asText(), "compare on two JVMs");
                assertEquals(one.get("metrics"), r.get("metrics"), "compare on two JVMs");
                assertEquals(one.get("invariants"), r.get("invariants"), "compare on two JVMs");
            }
        }
    }
}
