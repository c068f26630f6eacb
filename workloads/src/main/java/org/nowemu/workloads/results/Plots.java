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
        for (Map.Entry<String, List<Double>> e : s.ys().entrySet()) {
            List<Double> err = s.errors().get(e.getKey());
            var series = err == null ? c.addSeries(e.getKey(), s.x(), e.getValue())
                    : c.addSeries(e.getKey(), s.x(), e.getValue(), err);
            series.setMarker(SeriesMarkers.CIRCLE);
        }
        return c;
    }

    private static CategoryChart bars(Series s) {
        CategoryChart c = new CategoryChartBuilder().width(720).height(440).title(s.title()).xAxisTitle(s.xLabel())
                .yAxisTitle(s.yLabel()).build();
        c.getStyler().setStacked(s.stacked());
        c.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        for (Map.Entry<String, List<Double>> e : s.ys().entrySet()) {
            c.addSeries(e.getKey(), s.categories(), e.getValue());
        }
        return c;
    }
}
