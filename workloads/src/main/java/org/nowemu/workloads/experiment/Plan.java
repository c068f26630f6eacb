package org.nowemu.workloads.experiment;

import org.nowemu.actors.runtime.Model;

/**
 * What a workload asks the runtime to run.
 *
 * @param model     the components and their connections
 * @param horizonPs virtual time the run covers: messages at or after it are not handled
 * @param settings  the workload's own validated settings, handed back to {@link Workload#metrics}
 */
public record Plan(Model model, long horizonPs, Object settings) {
}
