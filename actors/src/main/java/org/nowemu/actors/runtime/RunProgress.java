package org.nowemu.actors.runtime;

/**
 * How far a run has got, for a progress bar: updated by the exchange at each barrier, read by anyone. Only
 * for display; nothing in the emulation reads it.
 */
public final class RunProgress {
    private volatile long virtualTime;
    private volatile long events;
    private volatile java.util.function.Consumer<String> notes = n -> { };

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

    /** Where the runtime's one-line notes go (the planner's choice): the terminal, say. Default: nowhere. */
    public void onNote(java.util.function.Consumer<String> listener) {
        notes = listener;
    }

    /** A one-line note for the user about how the run is being run (never about its results). */
    public void note(String line) {
        notes.accept(line);
    }
}
