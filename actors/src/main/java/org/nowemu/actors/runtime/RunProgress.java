package org.nowemu.actors.runtime;

/**
 * How far a run has got, for a progress bar: updated by the exchange at each barrier, read by anyone. Only
 * for display; nothing in the emulation reads it.
 */
public final class RunProgress {
    private volatile long virtualTime;
    private volatile long events;

    public void update(long time, long totalEvents) {
        virtualTime = time;
        events = totalEvents;
    }

    public long virtualTime() {
        return virtualTime;
    }

    public long events() {
        return events;
    }
}
