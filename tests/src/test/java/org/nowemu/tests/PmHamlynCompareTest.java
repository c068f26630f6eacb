package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
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
        JsonNode r = Jvms.oneAndTwo(tmp, "compare", Jvms.compare("[pm, hamlyn]", "[4, 2048, 8192]", "32KiB"))
                .get(0).results();
        JsonNode inv = r.get("invariants");
        assertEquals(inv.get("sent").asLong(), inv.get("handled").asLong(), inv.toString());
        for (String stack : List.of("pm", "hamlyn")) {
            double lat = r.get("metrics").get("compare." + stack + ".latency_us").asDouble();
            double bw = r.get("metrics").get("compare." + stack + ".8192B_MBps").asDouble();
            // Neither is calibrated: only sanity, above the wire's floor and below PCI's 126 MB/s.
            assertTrue(lat > 5 && lat < 40 && bw > 20 && bw < 126, stack + ": " + lat + " us, " + bw + " MB/s");
        }
    }
}
