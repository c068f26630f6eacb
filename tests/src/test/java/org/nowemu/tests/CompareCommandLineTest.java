package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.assertOneLineBadInput;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The comparison of systems through the command line: a pinned seeded run of three systems, and bad stacks. */
class CompareCommandLineTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /**
     * The basic protocol with 1 KB packets, FM 2.x and GAM on ppro, a pair each on a chain of three switches, for 4 B
     * and 4 KB messages: 5 + 10 round trips each (30 messages), then a stream of 32 (4 B: 64 KiB would be 16,384,
     * bounded by 32) or 16 (4 KB) messages and the receiver's 4-byte answer: 63 + 47 = 110 messages per pair. The
     * ledger, by hand: basic1k enters packets, a 4 B message being one and a 4 KB one four: 63 + (30 + 16) x 4 + 1 =
     * 248; FM 2.x its 110 messages; GAM 110 requests and the 110 empty replies its handlers send back for the
     * credits: 220. 578 in all, each handled once.
     */
    @Test
    void threeSystemsRunOneBenchmarkSideBySide() throws IOException {
        Path out = tmp.resolve("out");
        JsonNode r = CommandLineTest.results(out, "run", "compare", "--set",
                "nowemu.compare.stacks=[basic1k, fm2, gam]",
                "--set", "nowemu.compare.sizes=[4, 4096]", "--set", "nowemu.compare.warmup=5",
                "--set", "nowemu.compare.round-trips=10", "--set", "nowemu.compare.stream-bytes=64KiB",
                "--set", "nowemu.compare.max-stream-messages=32", "--set", "nowemu.topology.chain.switches=3");
        assertEquals("a08d733cb4ee4572", r.get("digest").asText());
        JsonNode inv = r.get("invariants");
        assertEquals(578, inv.get("sent").asLong(), inv.toString());
        assertEquals(578, inv.get("handled").asLong(), inv.toString());
        JsonNode m = r.get("metrics");
        for (String stack : List.of("basic1k", "fm2", "gam")) {
            for (String k : List.of("4B.latency_us", "4B_MBps", "4096B.latency_us", "4096B_MBps", "latency_us",
                    "peak_MBps", "half_power_bytes")) {
                assertTrue(m.has("compare." + stack + "." + k), stack + " " + k + " in " + m);
            }
            // 4,092 more bytes cross every cable of the path, at the link's 1.28 Gbit/s (160 MB/s) at best, so they
            // add at least 4092 / 160 = 25.6 us to the one-way latency.
            Jvms.assertSmallAndLarge(m, stack, 4, 4096);
        }
        // FM 2.x's minimum latency is its calibration target: 11 us within 5% (FmCalibrationTest works it out).
        assertEquals(11.0, m.get("compare.fm2.latency_us").asDouble(), 0.55);
        String report = Files.readString(out.resolve("report.html"));
        assertTrue(report.contains("<table id=\"compare\">"), "the side-by-side table is in the report");
        // FM 2.x's latency and peak were calibration targets on ppro; GAM's and the basic protocol's were not.
        for (String stack : List.of("basic1k", "fm2", "gam")) {
            int row = report.indexOf("<tr><td>" + stack + "</td>");
            String cells = report.substring(row, report.indexOf("</tr>", row));
            assertTrue(cells.contains(stack.equals("fm2") ? "calibrated, calibrated" : "reproduced, reproduced"), cells);
        }
        assertEquals(4, Files.readAllLines(out.resolve("compare.csv")).size(), "a header and a row per stack");
        // The design space of the three systems (GAM is a stack of system am), as their registry entries declare.
        List<String> space = Files.readAllLines(out.resolve("design-space.csv"));
        assertEquals(List.of("system", "basic", "fm2", "am"), space.stream().map(l -> l.split(",")[0]).toList());
        assertTrue(space.get(2).startsWith("fm2,PIO,DMA area (receive),no,polling,"), space.get(2));
        assertTrue(report.contains("<table id=\"design-space\">"), "the design-space table is in the report");
        assertTrue(Files.size(out.resolve("compare-latency.png")) > 0);
        assertTrue(Files.size(out.resolve("compare-bandwidth.png")) > 0);
    }

    @Test
    void aStackTwiceOrAnUnknownOneIsOneLineAndExitTwo() {
        assertOneLineBadInput(nowemu("run", "compare", "--set", "nowemu.compare.stacks=[fm2, fm2]",
                "--out", tmp.toString()), "nowemu: nowemu.compare.stacks: stack fm2 is named twice"
                + " (--set nowemu.compare.stacks=[fm2, fm2])");
        assertOneLineBadInput(nowemu("run", "compare", "--set", "nowemu.compare.stacks=[fm3]",
                "--out", tmp.toString()), "nowemu: nowemu.compare.stacks: unknown protocol stack 'fm3' (known: amii, "
                + "amii_base, amii_noprot, amii_norel, basic, basic-acknack, basic-altbit, basic-backpressure, "
                + "basic-hostcredit, basic-niccredit, basic1k, bip, fm1, fm2, fmmc, gam, hamlyn, lfc, lfc-intr, lfc-poll, mpi-fm1, mpi-fm2, pm, trapeze, unet, unet-mm, vmmc, vmmc2)"
                + " (--set nowemu.compare.stacks=[fm3])");
        assertOneLineBadInput(nowemu("run", "compare", "--set", "nowemu.compare.stacks=[fm2]",
                "--set", "nowemu.compare.sizes=[64, 4]", "--out", tmp.toString()),
                "nowemu: nowemu.compare.sizes: sizes must be ascending without repeats"
                        + " (--set nowemu.compare.sizes=[64, 4])");
    }
}
