package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.assertOneLineBadInput;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The hardware layer through the command line: its bad input, and the raw-packet experiment end to end. */
class HardwareCommandLineTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    @Test
    void anUnknownTopologyIsOneLineListingTheKnownOnesAndExitTwo() {
        CommandLineTest.Outcome o = nowemu("run", "raw-pingpong", "--set", "nowemu.topology.name=torus", "--out", tmp.toString());
        assertOneLineBadInput(o, "nowemu: nowemu.topology.name: unknown topology 'torus'; known: chain, fat-tree, file, mesh,"
                + " now, random, ring, single (--set nowemu.topology.name=torus)");
    }

    /**
     * LogP for AM-II and GAM on two switches: host programs run as coroutines on their own Java threads, yet the
     * run is the same event for event whatever the lanes (digest pinned).
     */
    @Test
    void logpGivesTheSameDigestWithOneLaneAndWithThree() throws IOException {
        String pinned = "eb357915c5914436";
        for (String[] runtime : new String[][] {{"nowemu.runtime.threads=1", "one-lane"},
                {"nowemu.runtime.threads=3", "three-lanes"}}) {
            Path json = tmp.resolve(runtime[1] + ".json");
            CommandLineTest.Outcome o = nowemu("run", "logp", "--set", "nowemu.logp.stacks=[amii, gam]",
                    "--set", "nowemu.topology.chain.switches=2", "--set", runtime[0],
                    "--out", tmp.resolve(runtime[1]).toString(), "--json", json.toString());
            assertEquals(0, o.code(), o.err());
            assertTrue(Files.readString(json).contains("\"digest\" : \"" + pinned + "\"")
                    || Files.readString(json).contains("\"digest\":\"" + pinned + "\""), Files.readString(json));
        }
    }

    @Test
    void anUnknownProtocolStackIsOneLineListingTheKnownOnesAndExitTwo() {
        CommandLineTest.Outcome o = nowemu("run", "logp", "--set", "nowemu.logp.stacks=[amii, fm]", "--out", tmp.toString());
        assertOneLineBadInput(o, "nowemu: nowemu.logp.stacks: unknown protocol stack 'fm' (known: amii, amii_base,"
                + " amii_noprot, amii_norel, basic, basic-acknack, basic-altbit, basic-backpressure, "
                + "basic-hostcredit, basic-niccredit, basic1k, bip, fm1, fm2, fmmc, gam, hamlyn, lfc, lfc-intr, lfc-poll, mpi-fm1, mpi-fm2, pm, trapeze, unet, unet-mm, vmmc, vmmc2)"
                + " (--set nowemu.logp.stacks=[amii, fm])");
    }

    @Test
    void anUnknownProfileIsRefusedEvenByAWorkloadWithoutHardware() {
        CommandLineTest.Outcome o = nowemu("run", "phold", "--set", "nowemu.hardware.profile=cray", "--out", tmp.toString());
        assertOneLineBadInput(o, "nowemu: nowemu.hardware.profile: unknown hardware profile 'cray'; known: now, ppro"
                + " (--set nowemu.hardware.profile=cray)");
    }

    @Test
    void aTopologyFileWithADanglingLinkNamesTheFileAndLine() throws IOException {
        Path file = tmp.resolve("net.topo");
        Files.writeString(file, "switch s0\nhost a\nhost b\nlink a s0:0\nlink b s9:1\n");
        CommandLineTest.Outcome o = nowemu("run", "raw-pingpong", "--set", "nowemu.topology.name=file",
                "--set", "nowemu.topology.file.path=" + file, "--out", tmp.resolve("o").toString());
        assertEquals(2, o.code(), o.err());
        assertTrue(o.err().startsWith("nowemu: " + file + ":5: "), o.err());
        assertTrue(o.err().contains("s9"), o.err());
        assertEquals(1, o.err().lines().count(), o.err());
        assertTrue(!Files.exists(tmp.resolve("o")), "nothing written");
    }

    @Test
    void aTooSmallSlackBufferIsRefusedWithTheMinimum() {
        CommandLineTest.Outcome o = nowemu("run", "raw-pingpong", "--set", "nowemu.hardware.profiles.now.link.slack-buffer=64B",
                "--out", tmp.toString());
        assertEquals(2, o.code(), o.err());
        assertTrue(o.err().contains("slack-buffer: must hold at least 128 B"), o.err());
    }

    /**
     * Raw packets on the default chain (two hosts per switch, five switches), 64 and 1,024-byte bodies. Each extra
     * switch adds a 50 ns cable and a 300 ns fall-through to the one-way time, and one route byte (6.25 ns at
     * 160 MB/s): 356.25 ns. Streaming 1,024-byte bodies reaches nearly the link's 160 MB/s. The digest and the
     * exact one-way time pin the whole run.
     */
    @Test
    void rawPingPongGrowsByOneCableAndFallThroughPerSwitchAndStreamsNearLinkRate() throws IOException {
        JsonNode m = CommandLineTest.results(tmp, "run", "raw-pingpong", "--set", "nowemu.raw-pingpong.sizes=[64,1024]",
                "--set", "nowemu.raw-pingpong.round-trips=3", "--set", "nowemu.raw-pingpong.stream-packets=20")
                .get("metrics");
        for (int sw = 1; sw < 5; sw++) {
            double step = m.get("raw.oneway." + (sw + 1) + "sw.64B_us").asDouble() - m.get("raw.oneway." + sw + "sw.64B_us").asDouble();
            assertEquals(0.35625, step, 1e-6, "switch " + sw);
        }
        assertEquals(1.10583, m.get("raw.oneway.1sw.64B_us").asDouble(), 1e-5);
        double bw = m.get("raw.throughput.1024B_MBps").asDouble();
        assertTrue(bw > 150 && bw < 160, bw + " MB/s");
        assertEquals(0, m.get("raw.bad_packets_count").asDouble());
        String digest = new ObjectMapper().readTree(tmp.resolve("results.json").toFile()).get("digest").asText();
        assertEquals("ec2bd4bd312d7894", digest);
        // The same run on three lanes (the model's three switches) reaches the same digest.
        CommandLineTest.Outcome again = nowemu("run", "raw-pingpong", "--set", "nowemu.raw-pingpong.sizes=[64,1024]",
                "--set", "nowemu.raw-pingpong.round-trips=3", "--set", "nowemu.raw-pingpong.stream-packets=20",
                "--set", "nowemu.runtime.threads=3", "--out", tmp.resolve("again").toString());
        assertEquals(0, again.code(), again.err());
        assertEquals(digest, new ObjectMapper().readTree(tmp.resolve("again/results.json").toFile()).get("digest").asText());
    }

    /**
     * On ppro the NIC, not the link, sets the NIC-to-NIC rate: the LANai 4.1's network DMAs move a 32-bit word per
     * 33 MHz cycle, 132 MB/s, against the link's 160 (the survey measured 127 MB/s NI to NI). A stream of 8,192-byte
     * bodies: each packet takes its send DMA's 5-cycle start-up (151.5 ns) and its bytes at 132 MB/s (8,192 B in
     * 62.06 us, a route byte and the trailer a few ns more), 62.23 us: 131.6 MB/s. At the link's rate the same stream
     * gave 159.5 MB/s.
     */
    @Test
    void onPproTheLanaisWordPerCycleNotTheLinkSetsTheNicToNicRate() throws IOException {
        JsonNode m = CommandLineTest.results(tmp, "run", "raw-pingpong", "--set", "nowemu.hardware.profile=ppro",
                "--set", "nowemu.raw-pingpong.sizes=[8192]", "--set", "nowemu.raw-pingpong.round-trips=1",
                "--set", "nowemu.raw-pingpong.stream-packets=20").get("metrics");
        double bw = m.get("raw.throughput.8192B_MBps").asDouble();
        assertEquals(131.6, bw, 0.3, bw + " MB/s");
        assertEquals(0, m.get("raw.bad_packets_count").asDouble());
    }
}
