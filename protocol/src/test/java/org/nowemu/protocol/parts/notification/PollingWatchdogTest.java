package org.nowemu.protocol.parts.notification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The polling watchdog interrupts only after the host has left a delivered packet unpolled for its whole period. */
class PollingWatchdogTest {
    private static final long US = 1_000_000L;

    /** A NIC's timer list: the watchdog's tags by when they fire, and the interrupt times they raise. */
    private static final class Clock {
        final PollingWatchdog w = new PollingWatchdog(20 * US, true);
        final TreeMap<Long, PollingWatchdog.Tag> timers = new TreeMap<>();
        final List<Long> interrupts = new ArrayList<>();
        long now;

        void until(long t) {
            while (!timers.isEmpty() && timers.firstKey() <= t) {
                var e = timers.pollFirstEntry();
                now = e.getKey();
                if (w.expired(e.getValue())) {
                    interrupts.add(now);
                }
            }
            now = t;
        }

        void set(PollingWatchdog.Tag tag) {
            if (tag != null) {
                timers.put(now + tag.periodPs(), tag);
            }
        }

        void deliver(long t) {
            until(t);
            set(w.delivered());
        }

        void poll(long t, long consumed) {
            until(t);
            set(w.polled(consumed));
        }
    }

    /**
     * Period 20 us. Packet 1 delivered at 0, polled at 15: its timer (due 20) is stale, no interrupt. Packet 2 at 30
     * (timer due 50), packet 3 at 40 (a timer already runs): no poll until 60, so at 50 the NIC interrupts, 20 us
     * after packet 2 with nothing polled. The host polls at 60 and takes both. Packet 4 at 70, polled at 89.999 us:
     * 1 ps short of the period, no interrupt. Packet 5 at 100, and a poll at 110 that only saw packets up to 4
     * (packet 5 came after the poll's look): the poll restarts the timer at 110, due 130; nothing more polls, so
     * the interrupt comes at 130, 30 us after packet 5's arrival but 20 us after the host's last poll.
     */
    @Test
    void interruptsOnlyWhenAPeriodPassesWithoutAPoll() {
        Clock c = new Clock();
        c.deliver(0);
        c.poll(15 * US, 1);
        c.deliver(30 * US);
        c.deliver(40 * US);
        c.poll(60 * US, 3);
        c.deliver(70 * US);
        c.poll(90 * US - 1, 4);
        c.deliver(100 * US);
        c.poll(110 * US, 4);
        c.until(200 * US);
        assertEquals(List.of(50 * US, 130 * US), c.interrupts);
        assertEquals(2, c.w.interrupts());
    }

    /**
     * A packet every 3 us (0, 3, ..., 999 us) and a poll every 10 us (1, 11, ..., 991 us) taking all delivered by
     * then: every timer a delivery starts is stopped by a poll less than 10 us later. Only the packets at 993, 996
     * and 999 us come after the last poll: the timer 993 started fires at 1013 us, the one interrupt.
     */
    @Test
    void aHostPollingEveryTenMicrosecondsIsInterruptedOnlyWhenItStops() {
        Clock c = new Clock();
        long delivered = 0;
        for (long t = 0; t < 1000 * US; t += US) {
            if (t % (3 * US) == 0) {
                c.deliver(t);
                delivered++;
            }
            if (t % (10 * US) == US) {
                c.poll(t, delivered);
            }
        }
        c.until(2000 * US);
        assertEquals(List.of(1013 * US), c.interrupts);
    }

    /** With interrupts disabled the watchdog never interrupts; enabling them with a packet waiting starts a timer. */
    @Test
    void disabledCountsOnlyAndEnablingStartsTheTimer() {
        PollingWatchdog w = new PollingWatchdog(20 * US, false);
        assertNull(w.delivered());
        PollingWatchdog.Tag t = w.enable(true);
        assertTrue(t != null && t.periodPs() == 20 * US);
        assertTrue(w.expired(t));
        assertFalse(w.expired(t), "a fired timer does not fire twice");
    }
}
