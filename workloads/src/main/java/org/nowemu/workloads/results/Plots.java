package org.nowemu.workloads.results;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Renders a {@link Series} as a PNG with XChart: lines (with error bars where given) or (stacked) bars. */
public final class Plots {
    private Plots() {
    }

    public static byte[] png(Series s) {
        Chart<?, ?> chart = s.categories() != null ? bars(s) : lines(s);
        try {
            return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new IllegalStateException("cannot render " + s.name() + ": " + e.getMessage(), e);
        }
    }

    private static XYChart lines(Series s) {
        XYChart c = new XYChartBuilder().width(720).height(440).title(s.title()).xAxisTitle(s.xLabel())
                .yAxisTitle(s.yLabel()).build();
        c.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        c.getStyler().setXAxisLogarithmic(s.logX());
        c.getStyler().setYAxisLogarithmic(s.logY());
        if (s.logX()) {
            // Decades as plain numbers (10,000), not XChart's 1E4.
            c.getStyler().setXAxisDecimalPattern("#,##0.##");
        }
        if (s.logY()) {
            c.getStyler().setYAxisDecimalPattern("#,##0.##");
        }
        for (Map.Entry<String, List<Double>> e : s.ys().entrySet()) {
            // A point never measured (NaN) is left out of the line, not drawn as a value; so is one a logarithmic
            // axis cannot show.
            List<Double> err = s.errors().get(e.getKey());
            List<Double> x = new java.util.ArrayList<>();
            List<Double> y = new java.util.ArrayList<>();
            List<Double> dy = new java.util.ArrayList<>();
            for (int i = 0; i < s.x().size(); i++) {
                double v = e.getValue().get(i);
                if (Double.isFinite(v) && Double.isFinite(s.x().get(i)) && (!s.logY() || v > 0)) {
                    x.add(s.x().get(i));
                    y.add(v);
                    dy.add(err == null || !Double.isFinite(err.get(i)) ? 0.0 : err.get(i));
                }
            }
            if (x.isEmpty()) {
                continue;
            }
            var series = err == null ? c.addSeries(e.getKey(), x, y) : c.addSeries(e.getKey(), x, y, dy);
            series.setMarker(SeriesMarkers.CIRCLE);
        }
        if (c.getSeriesMap().isEmpty()) {
            // XChart draws no axes without a series: an invisible empty one keeps the (empty) frame (at 1 on a
            // logarithmic axis, which has no 0).
            c.addSeries("nothing measured", List.of(s.logX() ? 1.0 : 0.0), List.of(s.logY() ? 1.0 : 0.0))
                    .setMarker(SeriesMarkers.NONE);
        }
        return c;
    }

    private static CategoryChart bars(Series s) {
        CategoryChart c = new CategoryChartBuilder().width(720).height(440).title(s.title()).xAxisTitle(s.xLabel())
                .yAxisTitle(s.yLabel()).build();
        c.getStyler().setStacked(s.stacked());
        c.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        for (Map.Entry<String, List<Double>> e : s.ys().entrySet()) {
            // A category never measured (NaN) has no bar in this series, rather than a bar of 0.
            List<String> cats = new java.util.ArrayList<>();
            List<Double> y = new java.util.ArrayList<>();
            for (int i = 0; i < s.categories().size(); i++) {
                if (Double.isFinite(e.getValue().get(i))) {
                    cats.add(s.categories().get(i));
                    y.add(e.getValue().get(i));
                }
            }
            if (!cats.isEmpty()) {
                c.addSeries(e.getKey(), cats, y);
            }
        }
        if (c.getSeriesMap().isEmpty()) {
            // As for lines: XChart cannot draw a bar chart with no series, nor a category with an empty name (a LogP
            // run stopped by its max-time before any sample ended had neither), so the empty frame gets a bar of 0.
            c.addSeries("nothing measured", List.of(s.categories().isEmpty() ? "nothing measured"
                    : s.categories().get(0)), List.of(0.0));
        }
        return c;
    }
}
