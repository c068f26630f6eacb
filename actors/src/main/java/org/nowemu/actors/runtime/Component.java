package org.nowemu.actors.runtime;

import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.nowemu.actors.stats.Counter;

/**
 * The emulated behaviour of one component (a NIC processor, a DMA engine, a switch port, a host thread...).
 * The runtime hosts each component in its own Pekko actor and hands it its timed messages one by one in key
 * order; the component reacts by sending timed messages to others ({@link #send}) or to itself
 * ({@link #schedule}). It shares no mutable state with other components, reads no wall clock and draws
 * randomness only from {@link #random()}.
 *
 * <p>Subclasses map payload classes to handlers in {@link #createReceive()}, like a Pekko actor.
 */
public abstract class Component {
    private ComponentCell cell;
    /** What this component's stack assumes away, until its ledger page exists (null: nothing, or handed over). */
    private Exposures exposures;
    private String stack;

    final void attach(ComponentCell c) {
        this.cell = c;
    }

    /** The handlers of this component's messages. */
    protected abstract Receive createReceive();

    /** Runs once at virtual time 0, before any message: schedule the first events here. */
    protected void onStart() {
    }

    /** Runs once after the last window: a last chance to update counters from the final state. */
    protected void onFinish() {
    }

    /** Current virtual time (ps): the time of the message being handled. */
    protected final long now() {
        return cell.now;
    }

    /** This component's id in the model. */
    protected final int id() {
        return cell.id;
    }

    /** The id of the component that sent the message being handled. */
    protected final int sender() {
        return cell.currentSource;
    }

    /** Name of a component of the model, for messages and traces. */
    protected final String nameOf(int componentId) {
        return cell.model.name(componentId);
    }

    /**
     * Sends {@code payload} to {@code target}, to arrive {@code delayPs} after now. The delay must be at
     * least the declared minimum delay of the connection; a send to itself may use any delay >= 0.
     */
    protected final void send(int target, long delayPs, Object payload) {
        cell.send(target, delayPs, payload);
    }

    /** Schedules {@code payload} for this component itself after {@code delayPs} >= 0. */
    protected final void schedule(long delayPs, Object payload) {
        cell.send(cell.id, delayPs, payload);
    }

    /** This component's random stream, derived from (run seed, component id). */
    protected final SplittableRandom random() {
        return cell.random;
    }

    /** A counter of this component, created on first use; the run sums counters by name. */
    protected final Counter counter(String name) {
        return cell.counter(name);
    }

    /** A latency histogram of this component (values in ps), created on first use; merged by name. */
    protected final Histogram histogram(String name) {
        return cell.histogram(name);
    }

    /** This component's page of the run's application-message ledger ({@link Ledger}). */
    protected final LedgerBook ledger() {
        LedgerBook page = cell.ledger();
        if (exposures != null) {
            page.assumes(stack, exposures);
            exposures = null;
        }
        return page;
    }

    /**
     * The faults of the run that this component's stack, {@code stackName}, assumes away, for its ledger page
     * ({@link LedgerBook#assumes}; null: none). Called once, before the run, by whoever builds the component.
     */
    public final void assumes(String stackName, Exposures e) {
        stack = stackName;
        exposures = e;
    }

    /**
     * Adds {@code outcome}, a small immutable record, to what this component reports at the end of the run beyond
     * its counters: something an experiment reads from its {@link RunResult#outcomes} (say, the map a mapper made).
     * The run collects the outcomes of all components in id order, each component's in the order it added them,
     * so they are the same whatever the threads or members did; over several JVMs they travel with the
     * component's report, so their classes, with those of their fields, must be in {@code nowemu.wire.classes}.
     * Not part of the digest: they record what the component did, which its messages and counters already cover.
     */
    protected final void outcome(Object outcome) {
        cell.outcome(outcome);
    }

    /**
     * Whether the run keeps trace tracks ({@code --trace}): a component may then record what it would not pay
     * for in every run, such as a histogram of its waits (histograms are not part of the digest).
     */
    protected final boolean tracing() {
        return cell.tracing();
    }

    /** Records a busy span on this component's trace track (kept only when tracing is on). */
    protected final void traceSpan(String name, long startPs, long durationPs) {
        cell.traceSpan(name, startPs, durationPs);
    }
}
