package org.nowemu.actors.runtime;

import org.nowemu.actors.time.VirtualTime;

/**
 * A component's handler failed at virtual time {@code time}. When several fail in one window the run reports
 * the earliest by (time, component id), so the message is the same whatever the threads did.
 */
public record RunFailure(long time, int component, String componentName, String message) {
    public boolean before(RunFailure o) {
        return o == null || time < o.time || (time == o.time && component < o.component);
    }

    public String describe() {
        return "component " + componentName + " (id " + component + ") failed at " + VirtualTime.format(time) + ": " + message;
    }
}
