package org.nowemu.workloads.motifs;

import org.nowemu.actors.config.ConfigReader;

/**
 * The per-operation host costs the application skeletons charge as compute ({@code nowemu.traffic.skeleton-costs}
 * in reference.conf, with their reasoning): a skeleton counts its operations from the benchmark's structure and
 * charges each at these rates, so the compute scales with the class and the ranks, never with a published time.
 *
 * @param flopPs a floating-point operation of the NAS kernels (ps)
 * @param keyPs  one key or record handled once by a sort's pass: read, bucketed, counted or copied (ps)
 */
public record SkeletonCosts(long flopPs, long keyPs) {
    public static SkeletonCosts read(ConfigReader r) {
        String k = "nowemu.traffic.skeleton-costs.";
        return new SkeletonCosts(r.duration(k + "flop", 0, 1_000_000_000L), r.duration(k + "key", 0, 1_000_000_000L));
    }
}
