package org.nowemu.workloads.experiment;

import org.nowemu.actors.runtime.Model;

/**
 * What a workload asks the runtime to run.
 *
 * @param model      the components and their connections
 * @param horizonPs  virtual time the run covers: messages at or after it are not handled
 * @param settings   the workload's own validated settings, handed back to {@link Workload#metrics}
 * @param trafficPs  when the workload's traffic ends: what the progress bar counts to, and the latest time a
 *                   scheduled fault may start. A run with faults lasts the transport's give-up time beyond it, an
 *                   idle tail that virtual time crosses in a few events, so counting it as traffic would make the
 *                   progress bar's estimate absurd.
 */
public record Plan(Model model, long horizonPs, Object settings, long trafficPs) {
    /** A plan whose traffic lasts until its horizon. */
    public Plan(Model model, long horizonPs, Object settings) {
        this(model, horizonPs, settings, horizonPs);
    }
}
