package org.nowemu.workloads.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** Plots on logarithmic axes, and tables: what is never measured is left out, never drawn or written as 0. */
class PlotsTest {
    private static Series sizes(List<Double> y) {
        LinkedHashMap<String, List<Double>> ys = new LinkedHashMap<>();
        ys.put("a", y);
        return Series.lines("s", "t", "bytes", "us", List.of(4.0, 64.0, 1024.0, 65536.0), ys);
    }

    /** A size sweep on log-log axes renders, with an unmeasured point (NaN) and a 0 a log axis cannot show. */
    @Test
    void linesOnLogarithmicAxesRenderWithoutTheirUnmeasuredPoints() throws IOException {
        Series s = sizes(List.of(10.0, Double.NaN, 0.0, 900.0)).withLogAxes(true, true);
        assertTrue(s.logX() && s.logY());
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(Plots.png(s)));
        assertEquals(720, img.getWidth());
        assertEquals("bytes,a\n4.00000,10.0000\n64.0000,\n1024.00,0.00000\n65536.0,900.000\n", s.csv(),
                "the CSV keeps the measured 0 and leaves the unmeasured cell empty");
        // Nothing measured at all: the empty frame still renders on log axes (no point at 0).
        Plots.png(sizes(List.of(Double.NaN, Double.NaN, Double.NaN, Double.NaN)).withLogAxes(true, true));
    }

    /**
     * Bars with nothing measured (a LogP run whose max-time came before any sample ended) render an empty frame; XChart
     * threw on a bar chart without a series, and the run ended in a stack trace.
     */
    @Test
    void barsWithNothingMeasuredRenderAnEmptyFrame() throws IOException {
        LinkedHashMap<String, List<Double>> ys = new LinkedHashMap<>();
        ys.put("Os", List.of(Double.NaN, Double.NaN));
        ys.put("Or", List.of(Double.NaN, Double.NaN));
        Series s = new Series("logp", "LogP", "stack", "us", List.of(), ys, java.util.Map.of(), List.of("amii", "gam"),
                false);
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(Plots.png(s)));
        assertEquals(720, img.getWidth());
        assertEquals("stack,Os,Or\namii,,\ngam,,\n", s.csv(), "nothing measured: empty cells, no zeros");
        // LogP leaves out a stack it measured nothing of: no category at all.
        LinkedHashMap<String, List<Double>> none = new LinkedHashMap<>();
        none.put("g", List.of());
        Series empty = new Series("logp-gap", "g", "stack", "us", List.of(), none, java.util.Map.of(), List.of(), false);
        assertEquals(720, ImageIO.read(new ByteArrayInputStream(Plots.png(empty))).getWidth());
        assertEquals("stack,g\n", empty.csv());
    }

    @Test
    void aLogarithmicSizeAxisNeedsPositiveSizes() {
        LinkedHashMap<String, List<Double>> ys = new LinkedHashMap<>();
        ys.put("a", List.of(1.0, 2.0));
        Series zero = Series.lines("z", "t", "x", "y", List.of(0.0, 4.0), ys);
        assertThrows(IllegalArgumentException.class, () -> zero.withLogAxes(true, false));
    }

    /** A table's unmeasured figure is an empty cell; its text aligns the columns. */
    @Test
    void aTableWritesEmptyCellsForWhatWasNotMeasured() {
        Table t = new Table("cmp", "Side by side", List.of("stack", "latency (us)"),
                List.of(List.of("fm2", Table.number(11.0718, 2)), List.of("basic", Table.number(Double.NaN, 2))));
        assertEquals("stack,latency (us)\nfm2,11.07\nbasic,\n", t.csv());
        assertEquals("  Side by side\n  stack  latency (us)\n  fm2           11.07\n  basic              \n", t.text());
    }
}
