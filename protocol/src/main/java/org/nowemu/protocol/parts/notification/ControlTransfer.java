package org.nowemu.protocol.parts.notification;

import org.nowemu.actors.config.ConfigReader;

/** How the NIC tells the host that a packet is in its memory: the survey's three control-transfer choices. */
public enum ControlTransfer {
    /** The host looks at the receive ring's flag when its program calls the library; the NIC never interrupts. */
    POLLING("polling"),
    /** The NIC interrupts the host for every delivery made while interrupts are enabled. */
    INTERRUPTS("interrupts"),
    /** LFC's polling watchdog: an interrupt only when the host has not polled within a period of a delivery. */
    WATCHDOG("watchdog");

    private final String key;

    ControlTransfer(String key) {
        this.key = key;
    }

    /** The configuration word. */
    public String key() {
        return key;
    }

    /** The choice named at {@code key}: bad input naming the key for any other word. */
    public static ControlTransfer read(ConfigReader r, String key) {
        String v = r.string(key);
        for (ControlTransfer c : values()) {
            if (c.key.equals(v)) {
                return c;
            }
        }
        throw r.bad(key, "expected polling, interrupts or watchdog, got '" + v + "'");
    }
}
