package org.nowemu.workloads.motifs;

import org.nowemu.hardware.profile.HostSettings;

/**
 * The per-operation host costs the application skeletons charge as compute: the hardware profile's host
 * ({@code nowemu.hardware.profiles.<p>.host.flop} and {@code sort-key}, reasoned in hardware's reference.conf). A
 * skeleton counts its operations from the benchmark's structure and charges each at these rates, so the compute
 * scales with the class, the ranks and the profile's CPU, never with a published time.
 *
 * @param flopPs a floating-point operation of the NAS kernels (ps)
 * @param keyPs  one key or record handled once by a sort's pass: read, bucketed, counted or copied (ps)
 */
public record SkeletonCosts(long flopPs, long keyPs) {
    /** The costs of the profile's host. */
    public static SkeletonCosts of(HostSettings host) {
        return new SkeletonCosts(host.flop(), host.sortKey());
    }
}
