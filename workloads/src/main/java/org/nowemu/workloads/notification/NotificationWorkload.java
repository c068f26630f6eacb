package org.nowemu.workloads.notification;

import org.nowemu.workloads.experiment.PairWorkload;

/**
 * Control transfer compared ({@code nowemu.notification}): polling, interrupts and the polling watchdog, each a
 * stack, with a receiver that computes and (but on an interrupt-driven stack) polls between slices of its
 * computation ({@link NotificationStudy}).
 *
 * <p>Metrics ({@code notify.<stack>.<slice>us.}): {@code latency_us} (send to handler, mean), {@code cpu_us_per_msg}
 * (the receiver's time not spent on its own computation, per message: polls, signals, handlers),
 * {@code interrupts_per_msg} (signals the receiver took, per message).
 */
public final class NotificationWorkload extends PairWorkload {
    public NotificationWorkload() {
        super("notification",
                "polling, interrupts and the polling watchdog: latency and host CPU per message",
                NotificationStudy::read);
    }
}
