package org.nowemu.workloads.experiment;

import org.nowemu.actors.config.BadInputException;
import org.nowemu.hardware.topology.Topology;

/** The check every experiment makes of its topology: enough hosts for what it runs, or bad input saying so. */
public final class Hosts {
    private Hosts() {
    }

    /** Refuses a topology with fewer than {@code needed} hosts; {@code what} says what the experiment runs. */
    public static void require(Topology t, int needed, String what) {
        if (t.hosts().size() < needed) {
            throw new BadInputException(what + " and needs " + needed + " hosts; topology " + t.name() + " has "
                    + t.hosts().size());
        }
    }
}
