package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * results.json describes itself: its configuration (every key that differs from the reference files, and always
 * the seed, workload, profile, topology, stack and fault schedule) and the version that made it; running it again
 * from results.json alone gives the same digest, whatever application.conf says.
 */
class ResultsConfigurationTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    @Test
    void aRunRecordsItsConfigurationAndRunsAgainFromItToTheSameDigest() throws IOException {
        Path first = tmp.resolve("first");
        JsonNode r = CommandLineTest.results(first, "run", "contention", "--set", "nowemu.topology.name=chain", "--set",
                "nowemu.topology.chain.switches=2", "--set", "nowemu.topology.chain.hosts-per-switch=2", "--set",
                "nowemu.contention.clients=[1,2]", "--set", "nowemu.contention.duration=1ms", "--set",
                "nowemu.contention.warmup=200us", "--set", "nowemu.contention.gap=1ms", "--set",
                "nowemu.contention.start=500us", "--set", "nowemu.seed=11", "--set",
                "nowemu.faults=[{fault=link-errors,element=all,at=1ms,bit-error-rate=1e-6}]");
        JsonNode c = r.get("configuration").get("nowemu");
        assertEquals(11, c.get("seed").asLong());
        assertEquals("contention", c.get("workload").asText());
        assertEquals("now", c.get("hardware").get("profile").asText(), "the default profile, always recorded");
        assertEquals("chain", c.get("topology").get("name").asText());
        assertEquals(2, c.get("topology").get("chain").get("switches").asInt());
        assertEquals("amii", c.get("protocol").get("stack").asText());
        assertEquals("link-errors", c.get("faults").get(0).get("fault").asText());
        assertEquals("1ms", c.get("contention").get("duration").asText());
        assertFalse(c.has("cluster") || c.has("sweep") || c.has("experiment"), "how it ran, not what: " + c);
        assertFalse(c.get("contention").has("bulk-bytes"), "a key left at its reference value is not recorded");
        assertTrue(r.get("version").get("project").asText().matches("\\d+\\.\\d+\\.\\d+.*"), r.get("version").toString());
        String report = Files.readString(first.resolve("report.html"));
        assertTrue(report.contains("id=\"configuration\"") && report.contains("link-errors"), "the report shows it");
        assertTrue(report.contains("id=\"invariants\"") && report.contains("id=\"verdict\" class=\"held\""));

        Path again = tmp.resolve("again");
        CommandLineTest.Outcome o2 = nowemu("run", first.resolve("results.json").toString(), "--out", again.toString());
        assertEquals(0, o2.code(), o2.err());
        JsonNode r2 = new ObjectMapper().readTree(again.resolve("results.json").toFile());
        assertEquals(r.get("digest"), r2.get("digest"));
        assertEquals(r.get("metrics"), r2.get("metrics"));
        assertEquals(r.get("configuration"), r2.get("configuration"), "a rerun records the same configuration");
    }

    @Test
    void aFileThatIsNotAResultsJsonIsRefused() throws IOException {
        Path other = Files.writeString(tmp.resolve("other.json"), "{\"a\": 1}");
        CommandLineTest.Outcome o = nowemu("run", other.toString(), "--out", tmp.resolve("o").toString());
        OutputsCommandLineTest.assertRefusedBeforeTheRun(o, "not the results.json of a run");
    }
}
