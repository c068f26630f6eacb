package org.nowemu.actors.trace;

/**
 * One entry of a component's trace track: an instant (a handled message, {@code durationPs < 0}) or a busy
 * span that the component recorded itself.
 */
public record TraceEntry(long timePs, long durationPs, String name, int from) {
    public boolean isInstant() {
        return durationPs < 0;
    }
}
