package org.nowemu.actors.runtime;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.nowemu.actors.stats.Counter;
import org.nowemu.actors.stats.Digest;
import org.nowemu.actors.stats.StructuralHash;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.actors.trace.TraceEntry;

/**
 * The runtime state of one component: its timing mailbox, clock, send sequence, random stream, hash,
 * statistics. Owned by the {@link Lane} that runs it (or by the {@link SequentialEngine}): one thread at a time, the
 * hand-off between threads ordered by the lanes' barrier.
 */
final class ComponentCell {
    final int id;
    final String name;
    final Model model;
    final Connections connections;
    final SplittableRandom random;
    private final Component component;
    private final Receive receive;
    /** Set while onFinish runs: the run is over, so a send then is a model error, not a message. */
    private boolean finishing;
    /** What is still pending for it when the run ends (its mailbox lives in its lane's calendar until then). */
    final EventQueue queue = new EventQueue();
    private final boolean tracing;
    private final int traceLimit;

    long now;
    int currentSource;
    private long sequence;
    private long hash = Digest.COMPONENT_SEED;
    private long handled;
    private long sent;
    private long duplicates;
    private long lastTime;
    /**
     * The key of the last event handled, kept as values: holding the event itself kept its payload alive and made
     * every event read the previous one back from memory (a cache miss on the large models).
     */
    private int lastSource = -1;
    private long lastSequence = -1;
    /*
     * The last two payload classes handled, with their hashers and handlers (null until first dispatched): a
     * component mostly receives two or three classes in turn (a switch port a flit, then a crossing). Kept here,
     * in an object already in the cache when an event arrives, not looked up in the class's ClassValue and the
     * component's Receive, which were not: fat-tree-4096's first 150 us (43.4M events) on the sequential engine took
     * 50.8, 48.9 and 53.4 s against 56.7, 58.0 and 61.2 s with one class kept for the hash and the handler found by
     * Receive, alternating (BENCHMARKS.md, "A component's last two payload classes").
     */
    private Class<?> firstClass;
    private StructuralHash.Hasher firstHasher;
    private Consumer<Object> firstHandler;
    private Class<?> secondClass;
    private StructuralHash.Hasher secondHasher;
    private Consumer<Object> secondHandler;
    private final TreeMap<String, Counter> counters = new TreeMap<>();
    /**
     * The counters by the identity of the name a component passes, looked up before the sorted map: names are
     * mostly literals, so the same String comes on every event, and a sorted lookup by content cost a twentieth
     * of a run. Bounded, because a name built per call is a new String each time. Never iterated.
     */
    private final IdentityHashMap<String, Counter> countersByName = new IdentityHashMap<>();
    private final TreeMap<String, Histogram> histograms = new TreeMap<>();
    private final List<TraceEntry> trace;
    private long traceDropped;
    /** Created on first use: most components keep no ledger. */
    private LedgerBook ledger;
    /** Created on first use: most components record no outcome. */
    private ArrayList<Object> outcomes;

    /**
     * Every target of its connections and the least delay to it, in an open-addressed table of (target, delay)
     * pairs built once: a send looks its target up here. A binary search of the connections, and then a cache of
     * the last eight targets, were a twentieth of a large model's run: a switch port sends to its switch's other
     * ports, to its cable's far end and back to the upstream end of every other port, more than eight targets.
     */
    private final long[] delaysByTarget;
    private final int delayShift;
    /**
     * Set by the {@link SequentialEngine}, or by a {@link Lane} alone on its JVM: every message this component sends
     * goes straight into that heap. Null in a lane beside others: a send then goes through {@link Lane#route}.
     */
    EventQueue heap;
    /** The lane that runs this component on the actor runtime: it routes the messages for other components. */
    Lane lane;
    RunFailure failure;
    ComponentReport report;

    ComponentCell(int id, Model model, long seed, boolean tracing, int traceLimit) {
        this.id = id;
        this.name = model.name(id);
        this.model = model;
        this.connections = model.connections(id);
        // At most three quarters full, so a probe ends at an empty slot soon.
        int slots = Math.max(2, Integer.highestOneBit(connections.targets().length * 4 / 3) * 2);
        this.delayShift = 32 - Integer.numberOfTrailingZeros(slots);
        this.delaysByTarget = delayTable(connections, slots, delayShift);
        this.random = new SplittableRandom(Digest.streamSeed(seed, id));
        this.tracing = tracing;
        this.traceLimit = traceLimit;
        this.trace = tracing ? new ArrayList<>() : Collections.emptyList();
        Component c = null;
        Receive r = null;
        try {
            c = model.create(id);
            c.attach(this);
            r = c.createReceive();
        } catch (Throwable t) {
            // A component that cannot be built fails the run at its start, like one whose handler throws.
            fail("cannot create the component: ", t);
        }
        this.component = failure == null ? c : null;
        this.receive = r;
    }

    void start() {
        if (component != null) {
            try {
                component.onStart();
            } catch (Throwable t) {
                fail("", t);
            }
        }
    }

    /** Messages handled so far in the run. */
    long handledTotal() {
        return handled;
    }

    /**
     * Handles one event taken from its mailbox: the {@link SequentialEngine}'s heap, or its {@link Lane}'s calendar.
     * A component that has failed handles nothing more (the run is ending).
     */
    void handle(Event e) {
        if (failure != null) {
            return;
        }
        try {
            if (begin(e)) {
                dispatch(e.payload);
            }
        } catch (Throwable t) {
            fail("", t);
        }
    }

    /**
     * Makes {@code e} the event being handled: the clock, its source, the hash and the counts. A duplicate (the
     * same key as the last one, a message delivered twice) is counted and not handled: false.
     */
    private boolean begin(Event e) {
        if (e.time == lastTime && e.source == lastSource && e.sequence == lastSequence) {
            duplicates++;
            return false;
        }
        if (e.time < now) {
            throw new EmulationException("causality broken: message " + e + " arrived after "
                    + VirtualTime.format(now));
        }
        now = e.time;
        currentSource = e.source;
        lastSource = e.source;
        lastSequence = e.sequence;
        hash = Digest.event(hash, e.time, e.source, e.sequence, payloadHash(e.payload));
        handled++;
        lastTime = e.time;
        if (tracing) {
            addTrace(new TraceEntry(e.time, -1, e.payload.getClass().getSimpleName(), e.source));
        }
        return true;
    }

    /**
     * Runs the component's handler for {@code payload}, whose class {@link #payloadHash} has just put first. The
     * handler is looked up in the component's {@link Receive} once per class kept.
     */
    private void dispatch(Object payload) {
        if (payload.getClass() != firstClass) {
            receive.dispatch(payload);
            return;
        }
        Consumer<Object> h = firstHandler;
        if (h == null) {
            h = receive.handlerFor(firstClass);
            firstHandler = h;
        }
        h.accept(payload);
    }

    private long payloadHash(Object payload) {
        Class<?> c = payload.getClass();
        if (c != firstClass) {
            if (c != secondClass) {
                secondClass = c;
                secondHasher = StructuralHash.hasherOf(c);
                secondHandler = null;
            }
            Class<?> k = firstClass;
            StructuralHash.Hasher x = firstHasher;
            Consumer<Object> h = firstHandler;
            firstClass = secondClass;
            firstHasher = secondHasher;
            firstHandler = secondHandler;
            secondClass = k;
            secondHasher = x;
            secondHandler = h;
        }
        return firstHasher.hash(payload);
    }

    void finish(List<Event> incoming) {
        if (incoming != null) {
            incoming.forEach(queue::add);
        }
        if (component != null) {
            finishing = true;
            try {
                component.onFinish();
            } catch (Throwable t) {
                fail("", t);
            }
        }
        TreeMap<String, Long> values = new TreeMap<>();
        counters.forEach((k, v) -> values.put(k, v.value()));
        report = new ComponentReport(id, name, hash, handled, sent, duplicates, queue.size(), lastTime,
                Collections.unmodifiableSortedMap(values), Collections.unmodifiableSortedMap(histograms),
                trace, traceDropped, ledger == null ? LedgerEntries.EMPTY : ledger.entries(),
                outcomes == null ? List.of() : Collections.unmodifiableList(outcomes));
    }

    void outcome(Object o) {
        if (o == null) {
            throw new IllegalArgumentException("an outcome must not be null");
        }
        if (outcomes == null) {
            outcomes = new ArrayList<>();
        }
        outcomes.add(o);
    }

    LedgerBook ledger() {
        if (ledger == null) {
            ledger = new LedgerBook();
        }
        return ledger;
    }

    void send(int target, long delay, Object payload) {
        if (finishing) {
            throw new IllegalStateException("onFinish may not send messages: the run is over");
        }
        if (target < 0 || target >= model.size()) {
            throw new EmulationException(name + " (id " + id + ") sent to component id " + target + ", which does not exist");
        }
        if (payload == null) {
            throw new IllegalArgumentException("a message needs a payload");
        }
        if (delay < 0) {
            throw new IllegalArgumentException("negative delay " + delay + "ps");
        }
        long time = now + delay;
        if (time < 0) {
            throw new IllegalArgumentException("delay " + delay + "ps overflows virtual time");
        }
        if (target != id) {
            long min = checkedMin(target);
            if (delay < min) {
                throw new EmulationException(describeBadSend(target, delay, min));
            }
        }
        Event e = new Event(time, id, sequence++, target, payload);
        if (heap != null) {
            heap.add(e);
        } else {
            lane.route(e);
        }
        sent++;
    }

    private static long[] delayTable(Connections connections, int slots, int shift) {
        long[] table = new long[slots * 2];
        for (int i = 0; i < table.length; i += 2) {
            table[i] = -1;
        }
        int[] targets = connections.targets();
        for (int k = 0; k < targets.length; k++) {
            int i = slotOf(targets[k], shift);
            while (table[2 * i] >= 0) {
                i = (i + 1) & (slots - 1);
            }
            table[2 * i] = targets[k];
            table[2 * i + 1] = connections.minDelays()[k];
        }
        return table;
    }

    private static int slotOf(int target, int shift) {
        return (target * 0x9E3779B9) >>> shift;
    }

    /** The least delay to {@code target}: its connection's, or the delay to any component without one. */
    private long checkedMin(int target) {
        long[] t = delaysByTarget;
        int mask = (t.length >> 1) - 1;
        for (int i = slotOf(target, delayShift); ; i = (i + 1) & mask) {
            long k = t[2 * i];
            if (k == target) {
                return t[2 * i + 1];
            }
            if (k < 0) {
                return connections.toAnyMin();
            }
        }
    }

    private String describeBadSend(int target, long delay, long min) {
        String to = model.name(target) + " (id " + target + ")";
        if (min == Long.MAX_VALUE) {
            return name + " (id " + id + ") sent to " + to + " without a declared connection";
        }
        return name + " (id " + id + ") sent to " + to + " with delay " + VirtualTime.format(delay) + " (" + delay
                + "ps), below the declared minimum delay " + VirtualTime.format(min) + " (" + min + "ps) of that connection";
    }

    private void fail(String context, Throwable t) {
        // A model error says what it is; anything else (a bug, an Error) is named by its class.
        boolean modelError = t instanceof EmulationException || t instanceof IllegalArgumentException
                || t instanceof IllegalStateException;
        String msg = modelError && t.getMessage() != null ? t.getMessage()
                : t.getClass().getName() + (t.getMessage() != null ? ": " + t.getMessage() : "");
        if (failure == null) {
            failure = new RunFailure(now, id, name, context + msg);
        }
    }

    Counter counter(String counterName) {
        Counter c = countersByName.get(counterName);
        if (c == null) {
            c = counters.computeIfAbsent(counterName, k -> new Counter());
            if (countersByName.size() < 64) {
                countersByName.put(counterName, c);
            }
        }
        return c;
    }

    Histogram histogram(String histogramName) {
        return histograms.computeIfAbsent(histogramName, k -> new Histogram(3));
    }

    boolean tracing() {
        return tracing;
    }

    void traceSpan(String spanName, long start, long duration) {
        if (tracing) {
            addTrace(new TraceEntry(start, Math.max(0, duration), spanName, id));
        }
    }

    private void addTrace(TraceEntry t) {
        if (trace.size() < traceLimit) {
            trace.add(t);
        } else {
            traceDropped++;
        }
    }
}
