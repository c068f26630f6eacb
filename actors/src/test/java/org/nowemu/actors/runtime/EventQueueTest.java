package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The event heap hands events out in key order (time, source, sequence), whether the source and sequence fit its
 * packed key or must be compared field by field, and whatever the order they came in.
 */
class EventQueueTest {

    @Test
    void equalTimesGoBySourceThenSequence() {
        EventQueue q = new EventQueue();
        q.add(new Event(5, 2, 0, 0, "c"));
        q.add(new Event(5, 1, 7, 0, "b"));
        q.add(new Event(3, 9, 0, 0, "a"));
        q.add(new Event(5, 1, 3, 0, "a2"));
        // 3 first, then the time-5 events: source 1 (sequences 3, 7), then source 2.
        assertEquals(List.of("a", "a2", "b", "c"), drain(q));
    }

    @Test
    void keysTooLargeToPackAreOrderedByTheirFields() {
        EventQueue q = new EventQueue();
        long big = 1L << 41; // over the 40 bits a packed sequence has
        int far = 1 << 24;   // over the 23 bits a packed source has
        q.add(new Event(1, 4, big, 0, "4/big"));
        q.add(new Event(1, far, 0, 0, "far/0"));
        q.add(new Event(1, 4, 5, 0, "4/5"));
        q.add(new Event(1, 3, big + 1, 0, "3/big+1"));
        // Same time: sources 3, 4, 4, then 2^24; source 4's sequences 5 before 2^41.
        assertEquals(List.of("3/big+1", "4/5", "4/big", "far/0"), drain(q));
    }

    @Test
    void manyRandomEventsComeOutSorted() {
        SplittableRandom r = new SplittableRandom(42);
        EventQueue q = new EventQueue();
        List<Event> all = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            // Few distinct times so that ties are common; a tenth of the keys do not pack. Sequences are unique
            // (a component never sends twice with one), shuffled in by the random sources.
            boolean wide = r.nextInt(10) == 0;
            int source = wide ? (1 << 23) + r.nextInt(3) : r.nextInt(5);
            long seq = wide && r.nextBoolean() ? (1L << 40) + i : i;
            Event e = new Event(r.nextInt(50), source, seq, 0, i);
            all.add(e);
            q.add(e);
            if (r.nextInt(3) == 0) {
                // Interleave polls with adds: what comes out is the least of what is in.
                Event least = all.stream().min(Event::compare).orElseThrow();
                assertTrue(q.poll() == least);
                all.remove(least);
            }
        }
        all.sort(Event::compare);
        for (Event e : all) {
            assertTrue(q.poll() == e);
        }
        assertTrue(q.isEmpty());
    }

    @Test
    void eventsTakenOutInNoOrderComeOutOfTheNextHeapInKeyOrder() {
        // A rearrangement of the lanes takes every pending event out of a heap in no order (takeAll) and files them
        // in the next heaps, beside events already there: the order out is still the key's.
        SplittableRandom r = new SplittableRandom(7);
        EventQueue from = new EventQueue();
        EventQueue to = new EventQueue();
        List<Event> all = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            boolean wide = r.nextInt(10) == 0;
            Event e = new Event(r.nextInt(40), wide ? (1 << 23) + r.nextInt(3) : r.nextInt(5), i, 0, i);
            all.add(e);
            (r.nextInt(4) == 0 ? to : from).add(e);
        }
        List<Event> taken = new ArrayList<>();
        from.takeAll(taken);
        assertTrue(from.isEmpty());
        assertEquals(all.size() - to.size(), taken.size());
        taken.forEach(to::add);
        all.sort(Event::compare);
        for (Event e : all) {
            assertTrue(to.poll() == e);
        }
        assertTrue(to.isEmpty());
    }

    private static List<Object> drain(EventQueue q) {
        List<Object> out = new ArrayList<>();
        while (!q.isEmpty()) {
            out.add(q.poll().payload());
        }
        return out;
    }
}
