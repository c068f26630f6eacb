package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.workloads.cli.CalibrateCommand;
import org.nowemu.workloads.results.Published;

/**
 * The LogP microbenchmark and the bandwidth sweep reproduce the published AM-II and GAM figures, and the comparison
 * FM 2.x's two on ppro (11 us, 77 MB/s) and BIP's (4.3 us, 126 MB/s). Tolerance: 5% of each published figure, as
 * the calibration asks (BIP's latency is asked within 10%; it is within 5%). AM-II's Os and Or are not among the
 * reproduced: its library's send and poll cycles were solved from them, so they are met by construction, and
 * {@code published.conf} lists them as calibration inputs.
 */
class PublishedFiguresTest {
    @Test
    void logpBandwidthAndFm2AreWithinFivePercentOfThePublishedFigures() {
        CommandLineTest.projectRoot();
        List<Published.Row> rows = CalibrateCommand.compare(List.of(), Path.of(System.getProperty("nowemu.home")));
        assertEquals(24, rows.size(), "every published figure has an emulated value: " + rows);
        assertEquals(List.of("logp.amii.or_us", "logp.amii.os_us"),
                rows.stream().filter(Published.Row::input).map(Published.Row::metric).toList(),
                "the calibration inputs");
        List<Published.Row> calibrated = rows.stream().filter(r -> !r.input()).toList();
        assertEquals(22, calibrated.size());
        assertEquals(List.of("calibrated"), calibrated.stream().map(Published.Row::kind).distinct().toList());
        for (Published.Row r : calibrated) {
            double tolerance = 0.05;
            assertTrue(Math.abs(r.difference()) <= tolerance, r.metric() + ": published " + r.published()
                    + ", emulated " + r.emulated() + " (" + Math.round(1000 * r.difference()) / 10.0 + "%)");
        }
    }

    /**
     * Each figure says what it is to the emulation: a published figure costs were tuned to is "calibrated", one they
     * were solved from "input", and a metric nothing was tuned to "reproduced", such as LFC's peak on ppro, or FM
     * 2.x's peak on the NOW's hardware, where no FM figure was used.
     */
    @Test
    void everyFigureIsMarkedCalibratedInputOrReproduced() {
        assertEquals("calibrated", Published.kindOf("ppro", "compare.fm2.peak_MBps"));
        assertEquals("calibrated", Published.kindOf("ppro", "compare.bip.latency_us"));
        assertEquals("input", Published.kindOf("now", "logp.amii.os_us"));
        assertEquals("calibrated", Published.kindOf("now", "logp.gam.g_us"));
        assertEquals("reproduced", Published.kindOf("ppro", "compare.lfc.peak_MBps"));
        assertEquals("reproduced", Published.kindOf("now", "compare.fm2.peak_MBps"));
    }
}
