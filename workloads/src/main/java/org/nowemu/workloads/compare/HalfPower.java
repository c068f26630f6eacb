package org.nowemu.workloads.compare;

import java.util.List;

/**
 * N½, the half-power point: the message size at which a stack's bandwidth first reaches half its peak, between the
 * two measured sizes that bracket it, the bandwidth taken as linear in the size between them. A derived figure,
 * computed from measured ones.
 */
final class HalfPower {
    private HalfPower() {
    }

    /**
     * @param sizes message sizes (bytes, ascending)
     * @param rates the bandwidth measured at each size; NaN where nothing was measured
     * @return N½ (bytes), or NaN when there is no peak or the smallest measured size already reaches half of it
     *         (N½ is then below what was measured, not known)
     */
    static double of(List<Integer> sizes, List<Double> rates) {
        double peak = rates.stream().filter(Double::isFinite).mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        if (!(peak > 0)) {
            return Double.NaN;
        }
        double half = peak / 2;
        int below = -1;
        for (int i = 0; i < sizes.size(); i++) {
            double r = rates.get(i);
            if (!Double.isFinite(r)) {
                continue;
            }
            if (r >= half) {
                if (below < 0) {
                    return Double.NaN;
                }
                double s0 = sizes.get(below);
                double r0 = rates.get(below);
                return s0 + (half - r0) * (sizes.get(i) - s0) / (r - r0);
            }
            below = i;
        }
        return Double.NaN;
    }
}
