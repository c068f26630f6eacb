package org.nowemu.protocol.parts.notification;

import org.nowemu.hardware.nic.NicContext;

/**
 * The NIC's half of control transfer: when to interrupt the host for packets it has put into host memory, and the
 * interrupt itself, an event to the host thread ({@code event}, one LANai cycle after the decision) that the host
 * takes as a dispatch on its CPU ({@code LibraryThread#takeInterrupt}). Polling: never. Interrupts: one per delivery
 * made while interrupts are enabled and none is outstanding (the host's next poll, or its enabling them again, ends
 * the outstanding one). Watchdog: one only when the host has not polled within a period of a delivery
 * ({@link PollingWatchdog}). Counter: {@code <prefix>.interrupts}.
 */
public final class NicInterrupts {
    private final ControlTransfer control;
    private final PollingWatchdog watchdog;
    private final Object event;
    private final String counter;
    private NicContext nic;
    private int host = -1;
    private boolean enabled;
    private boolean outstanding;

    /**
     * @param control    the stack's choice
     * @param watchdogPs the watchdog's period (ps), for {@link ControlTransfer#WATCHDOG}
     * @param event      what the host thread is told (a record of the system's wire format)
     * @param prefix     the system's counter prefix
     */
    public NicInterrupts(ControlTransfer control, long watchdogPs, Object event, String prefix) {
        this.control = control;
        this.watchdog = control == ControlTransfer.WATCHDOG ? new PollingWatchdog(watchdogPs, false) : null;
        this.event = event;
        this.counter = prefix + ".interrupts";
    }

    /** The host thread {@code host} on NIC {@code nic} has started, its interrupts enabled or not. */
    public void start(NicContext nic, int host, boolean on) {
        this.nic = nic;
        this.host = host;
        enabled = on;
        if (watchdog != null) {
            arm(watchdog.enable(on));
        }
    }

    /** Whether the host has interrupts enabled. */
    public boolean enabled() {
        return enabled;
    }

    /** The host enabled or disabled interrupts: an outstanding one is over. */
    public void enable(boolean on) {
        enabled = on;
        outstanding = false;
        if (watchdog != null) {
            arm(watchdog.enable(on));
        }
    }

    /** A packet is in host memory: interrupt now, start the watchdog, or nothing, as the choice says. */
    public void delivered() {
        switch (control) {
            case POLLING -> { }
            case INTERRUPTS -> {
                if (enabled && !outstanding) {
                    raise();
                }
            }
            case WATCHDOG -> arm(watchdog.delivered());
        }
    }

    /** The host polled, having taken {@code consumedIndex} packets since the start: any outstanding interrupt ends. */
    public void polled(long consumedIndex) {
        outstanding = false;
        if (watchdog != null) {
            arm(watchdog.polled(consumedIndex));
        }
    }

    /** Whether NIC timer {@code tag} is this part's. */
    public boolean owns(Object tag) {
        return tag instanceof PollingWatchdog.Tag;
    }

    /** The watchdog's timer {@code tag} fired (the dispatch loop's look at it already charged): maybe interrupt. */
    public void onTimer(Object tag) {
        if (watchdog.expired((PollingWatchdog.Tag) tag)) {
            raise();
        }
    }

    private void arm(PollingWatchdog.Tag tag) {
        if (tag != null) {
            nic.timer(tag.periodPs(), tag);
        }
    }

    private void raise() {
        outstanding = true;
        nic.counter(counter).increment();
        nic.tell(host, nic.settings().lanai().cycles(1), event);
    }
}
