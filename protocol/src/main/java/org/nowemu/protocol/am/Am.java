package org.nowemu.protocol.am;

import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;
import org.HdrHistogram.Histogram;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.stats.Counter;

/**
 * The AM-II library as a program sees it: create endpoints, spend host time, poll, read the clock, draw random
 * numbers and keep statistics. Endpoints carry the messaging calls. Everything here is emulated host time on the
 * process's thread; the program's clock ({@link #now}) is where its work so far ends.
 */
public final class Am {
    private final AmProcess process;

    Am(AmProcess process) {
        this.process = process;
    }

    /** This host's index (its NIC's). */
    public int host() {
        return process.host();
    }

    /** Hosts in the cluster. */
    public int hosts() {
        return process.hosts();
    }

    /** A new endpoint with tag {@code tag}; endpoints of a process are numbered on its NIC in creation order. */
    @continuable
    public Endpoint endpoint(int tag) {
        return process.open(tag, false, 1);
    }

    /**
     * A new endpoint whose turn in the NIC's round-robin send scheduler is {@code weight} times an ordinary one's
     * (weight x 2^k entries before the scheduler moves on); {@code weight} from 1 to 64.
     */
    @continuable
    public Endpoint endpoint(int tag, int weight) {
        if (weight < 1 || weight > 64) {
            throw new AmException(AmError.BAD_ARGUMENTS, "an endpoint's weight is 1 to 64, got " + weight);
        }
        return process.open(tag, false, weight);
    }

    /** A privileged endpoint (the mapper's): raw packets and the routing table. */
    @continuable
    public Endpoint privilegedEndpoint(int tag) {
        return process.open(tag, true, 1);
    }

    /** Polls until {@code done} holds or virtual time reaches {@code deadline}, spinning meanwhile. */
    @continuable
    public void pollUntil(BooleanSupplier done, long deadline) {
        process.pollUntil(done, deadline);
    }

    /** Sleeps for {@code ps} of virtual time with the CPU free for the host's other threads (unlike computeFor). */
    @continuable
    public void sleep(long ps) {
        process.sleepUntil(process.clock() + ps);
    }

    /** Polls every endpoint of the process once; returns how many messages it handled. */
    @continuable
    public int poll() {
        return process.poll(null);
    }

    /** Polls until {@code done} holds (spinning, in host time, while nothing arrives). */
    @continuable
    public void pollUntil(BooleanSupplier done) {
        process.pollUntil(done);
    }

    /** Computes for {@code cycles} host CPU cycles. */
    public void compute(long cycles) {
        process.charge(cycles);
    }

    /** Computes for {@code ps} picoseconds of host time. */
    public void computeFor(long ps) {
        process.spend(ps);
    }

    /** The program's clock (ps): virtual time at which its work so far ends. */
    public long now() {
        return process.clock();
    }

    /** The process's own random stream (seeded from the run's seed and the component). */
    public SplittableRandom random() {
        return process.rng();
    }

    /** A counter of this process, summed over the run by name. */
    public Counter counter(String name) {
        return process.stat(name);
    }

    /**
     * Records {@code outcome}, a small immutable record, in this process's report: what the experiment reads from
     * the run's result beyond counters ({@code RunResult.outcomes}), in component-id order over the run. Its class
     * must be in {@code nowemu.wire.classes} to cross between JVMs.
     */
    public void outcome(Object outcome) {
        process.note(outcome);
    }

    /** A histogram of this process (values in ps), merged over the run by name. */
    public Histogram histogram(String name) {
        return process.hist(name);
    }
}
