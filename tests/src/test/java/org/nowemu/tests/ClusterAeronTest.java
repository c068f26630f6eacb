package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Artery's {@code aeron-udp} transport ({@code nowemu.cluster.transport = aeron-udp}): an embedded Aeron media
 * driver per member, with its files in a directory of its own, gone when the run ends; the same digest as one
 * JVM; a term too short for Artery's frame is one line of bad input.
 */
@Timeout(120)
class ClusterAeronTest extends MemberJvmsTest {
    /**
     * PHOLD with 64 components over 200 us (200 global windows of the 1 us lookahead, a tenth of the events
     * going to another component, so events cross between the members in every window): two JVMs over aeron-udp
     * give the digest, metrics and invariants of one JVM. The members' media-driver directories went under a
     * directory of this test (made by the first member), and none is left when the command returns.
     */
    @Test
    void pholdAcrossMembersOverAeronGivesTheOneJvmDigestAndLeavesNoFiles() throws IOException {
        Path aeron = tmp.resolve("aeron");
        List<String> run = List.of("run", "phold", "--set", "nowemu.phold.components=64",
                "--set", "nowemu.phold.duration=200us");
        JsonNode one = results(run, "one");

        List<String> two = new ArrayList<>(run);
        two.addAll(List.of("--set", "nowemu.cluster.transport=aeron-udp",
                "--set", "nowemu.cluster.aeron.directory=\"" + aeron + "\"", "--jvms", "2"));
        JsonNode r = results(two, "two");

        assertEquals(one.get("digest").asText(), r.get("digest").asText());
        assertEquals(one.get("metrics"), r.get("metrics"));
        assertEquals(one.get("invariants"), r.get("invariants"));
        assertTrue(r.get("metrics").get("phold.remote_fraction").asDouble() > 0, r.get("metrics").toString());
        assertTrue(Files.isDirectory(aeron), "the members' Aeron files went under " + aeron);
        try (Stream<Path> left = Files.list(aeron)) {
            assertEquals(List.of(), left.toList(), "every member's Aeron directory is deleted");
        }
    }

    /**
     * A term of 16 MiB (Aeron's default) carries messages of at most 2 MiB, half of Artery's 4 MiB frame: the
     * largest report parts would be dropped, so the run is refused, in one line, before any JVM starts.
     */
    @Test
    void aTermTooShortForArterysFrameIsOneLineOfBadInput() {
        CommandLineTest.Outcome o = nowemu("run", "phold", "--set", "nowemu.cluster.transport=aeron-udp",
                "--set", "nowemu.cluster.aeron.term-buffer-length=16MiB", "--jvms", "2", "--out", tmp.toString());
        CommandLineTest.assertOneLineBadInput(o, "nowemu: nowemu.cluster.aeron.term-buffer-length: 16777216 bytes"
                + " carry messages of at most 2097152 bytes, less than pekko.remote.artery.advanced.maximum-frame-size"
                + " (4194304 bytes) (--set nowemu.cluster.aeron.term-buffer-length=16MiB)");
        assertTrue(ProcessHandle.current().children().toList().isEmpty(), "no member JVM was started");
    }

    private JsonNode results(List<String> args, String name) throws IOException {
        Path out = tmp.resolve(name);
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--out", out.toString()));
        CommandLineTest.Outcome o = nowemu(all.toArray(new String[0]));
        assertEquals(0, o.code(), o.err());
        return new ObjectMapper().readTree(out.resolve("results.json").toFile());
    }
}
