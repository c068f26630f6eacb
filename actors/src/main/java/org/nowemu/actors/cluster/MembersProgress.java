package org.nowemu.actors.cluster;

import org.nowemu.actors.runtime.Planner;

/**
 * What the coordinator knows of a run's progress from its members' {@link Coordinator.Progress} reports: the global
 * time every member has run to, the messages handled in all, and, once every member has run the first
 * {@value Coordinator#PILOT_WINDOWS} global windows, the coupling factor over them (worked out once).
 */
final class MembersProgress {
    private final long[] completed;
    private final long[] handled;
    private final long[] windows;
    private final long[] busy;
    private final Planner planner;
    private boolean coupled;

    MembersProgress(int members, Planner planner) {
        completed = new long[members];
        handled = new long[members];
        windows = new long[members];
        busy = new long[members];
        this.planner = planner;
    }

    void update(Coordinator.Progress p) {
        completed[p.member()] = p.completed();
        handled[p.member()] = p.handled();
        windows[p.member()] = p.windows();
        busy[p.member()] = p.busyNanos();
    }

    /** The global time every member has run to, as far as their reports tell. */
    long completed() {
        long c = Long.MAX_VALUE;
        for (long t : completed) {
            c = Math.min(c, t);
        }
        return c;
    }

    /** Messages handled by all members, as far as their reports tell. */
    long handled() {
        long h = 0;
        for (long x : handled) {
            h += x;
        }
        return h;
    }

    /**
     * The coupling factor over the members the first time every one has run the pilot's global windows, else null
     * (also with one member, and ever after).
     */
    Planner.Coupling couple() {
        if (coupled || handled.length < 2) {
            return null;
        }
        long least = Long.MAX_VALUE;
        long worked = 0;
        for (int p = 0; p < handled.length; p++) {
            least = Math.min(least, windows[p]);
            worked += busy[p];
        }
        if (least < Coordinator.PILOT_WINDOWS) {
            return null;
        }
        coupled = true;
        long all = handled();
        return planner.coupling(all, least, handled.length, worked / (double) Math.max(1, all));
    }
}
