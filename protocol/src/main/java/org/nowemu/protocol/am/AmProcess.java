package org.nowemu.protocol.am;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.stats.Counter;
import org.nowemu.hardware.host.BusRequest;
import org.nowemu.hardware.host.ProgramThread;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.am.driver.SegmentDriver;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.nic.HostEntry;
import org.nowemu.protocol.am.stack.StackSettings;

/**
 * A thread of a process on an emulated host running an {@link AmProgram} against the AM-II library: one host
 * thread (a {@link ProgramThread}) with the endpoints it created. Endpoints are created by the host's
 * {@link SegmentDriver}; a write into an endpoint that is not mapped onto a NIC frame is an endpoint fault: the
 * thread traps into the driver and blocks until the endpoint is loaded and mapped. {@link Endpoint#waitEvent}
 * blocks on the endpoint's semaphore. What the library does costs host time, each by its mechanism: CPU cycles for
 * its own code (the stack's host cost table), memory copies at the host's copy rate, cached looks at the receive
 * queues' flags (a miss for each entry the NIC wrote), and programmed-I/O words across the bus through the CPU's
 * write buffer (the thread stalls for the words beyond the buffer's depth). Os and Or are what these add up to.
 * Receive-queue entries the NIC DMAs into host memory arrive here and wait for a poll.
 *
 * <p>A spin-poll ({@link #pollUntil}) that finds nothing does not wake the program for every empty poll: it
 * waits for the next entry to arrive and resumes at the start of the first poll that would have seen it, which
 * is exactly when a loop of empty polls, each costing {@code poll-empty-cycles}, would have found it.
 *
 * <p>Counters: {@code am.requests_sent}, {@code am.replies_sent}, {@code am.requests_handled},
 * {@code am.replies_handled}, {@code am.polls}, {@code am.empty_polls}, {@code am.returned.<error>},
 * {@code am.no_handler}, {@code am.endpoint_faults}, {@code am.event_waits}, {@code am.discarded_after_crash};
 * {@code host.cycles}, {@code host.waits}, {@code host.blocks}, {@code host.crashes}.
 */
public final class AmProcess extends ProgramThread {
    private final StackSettings s;
    private final AmProgram program;
    private final int hosts;
    private final int firstEndpoint;
    private final int maxEndpoints;
    private final List<Endpoint> endpoints = new ArrayList<>();
    private final int driver;

    /**
     * @param profile       the hardware (CPU clock, copy rate, bus)
     * @param nic           this host's NIC
     * @param stack         the protocol stack (limits and host costs)
     * @param program       what the process runs
     * @param hosts         hosts in the cluster (the program may address any)
     * @param firstEndpoint index of its first endpoint on the NIC (processes on one host use disjoint ranges)
     * @param maxEndpoints  endpoints it may create
     * @param driver        the host's segment driver
     * @param cpu           the host's CPU component if it has more than one thread, else -1
     */
    public AmProcess(HardwareProfile profile, NicParts nic, StackSettings stack, AmProgram program, int hosts,
                     int firstEndpoint, int maxEndpoints, int driver, int cpu) {
        this(profile, nic, stack, program, hosts, firstEndpoint, maxEndpoints, driver, cpu, Long.MAX_VALUE);
    }

    /**
     * As above, with the process crashing at virtual time {@code crashAtPs} ({@code Long.MAX_VALUE}: never): its
     * program stops, what waits in its receive queues is lost with it, and its driver closes its endpoints on the
     * NIC, so later messages to them come back to their senders.
     */
    public AmProcess(HardwareProfile profile, NicParts nic, StackSettings stack, AmProgram program, int hosts,
                     int firstEndpoint, int maxEndpoints, int driver, int cpu, long crashAtPs) {
        super(profile, nic, cpu);
        if (crashAtPs != Long.MAX_VALUE) {
            crashAt(crashAtPs);
        }
        this.driver = driver;
        this.s = stack;
        this.program = program;
        this.hosts = hosts;
        this.firstEndpoint = firstEndpoint;
        this.maxEndpoints = maxEndpoints;
    }

    @Override
    @continuable
    protected void program() {
        program.run(new Am(this));
    }

    @Override
    protected void onCrash() {
        ledger().crashed(now());
        int[] open = new int[endpoints.size()];
        for (int i = 0; i < endpoints.size(); i++) {
            Endpoint ep = endpoints.get(i);
            open[i] = ep.index;
            for (HostEntry.Delivery d : ep.requests) {
                ledger().discarded(d.msgId());
            }
            for (HostEntry.Delivery d : ep.replies) {
                ledger().discarded(d.msgId());
            }
            ep.requests.clear();
            ep.replies.clear();
        }
        // The kernel reaps the process: its driver closes the endpoints on the NIC.
        send(driver, signal(), new SegmentDriver.Exited(open));
    }

    @Override
    protected void onMessage(Object message) {
        if (crashed()) {
            // Host memory of a dead process: what the NIC still writes there is lost with it.
            if (message instanceof BusRequest.DmaWrite w && w.payload() instanceof HostEntry.Delivery d) {
                ledger().discarded(d.msgId());
                stat("am.discarded_after_crash").increment();
            }
            return;
        }
        if (message instanceof BusRequest.DmaWrite w && w.payload() instanceof HostEntry e) {
            Endpoint ep = endpoint(e.endpoint());
            if (e instanceof HostEntry.Delivery d) {
                (d.reply() || d.returned() ? ep.replies : ep.requests).add(d);
            } else {
                ep.privilegedEntries.add(e);
            }
        } else if (message instanceof SegmentDriver.Notice n) {
            Endpoint ep = endpoint(n.endpoint());
            if (n instanceof SegmentDriver.Created) {
                ep.created = true;
            } else if (n instanceof SegmentDriver.Mapped) {
                ep.resident = true;
            } else if (n instanceof SegmentDriver.Unmap) {
                // Writes already issued reach the bus before the driver's next one; later ones fault.
                ep.resident = false;
                send(driver, cursor() - now() + signal(), new SegmentDriver.Unmapped(n.endpoint()));
            } else if (n instanceof SegmentDriver.Post) {
                ep.posts++;
            }
        }
    }

    private Endpoint endpoint(int index) {
        int i = index - firstEndpoint;
        if (i < 0 || i >= endpoints.size()) {
            throw new IllegalStateException(nameOf(id()) + " got an entry for endpoint " + index + ", not one of its");
        }
        return endpoints.get(i);
    }

    int host() {
        return nic.nic();
    }

    int hosts() {
        return hosts;
    }

    StackSettings stack() {
        return s;
    }

    HardwareProfile hardware() {
        return profile;
    }

    @continuable
    Endpoint open(int tag, boolean privileged, int weight) {
        if (endpoints.size() >= maxEndpoints) {
            throw new AmException(AmError.BAD_ENDPOINT, nameOf(id()) + " may create " + maxEndpoints
                    + " endpoints; it has them all");
        }
        Endpoint ep = new Endpoint(this, s, firstEndpoint + endpoints.size(), tag, privileged);
        endpoints.add(ep);
        compute(s.paging().syscallCycles());
        send(driver, cursor() - now() + signal(), new SegmentDriver.Create(ep.index, tag, weight, privileged));
        blockUntil(() -> ep.created);
        return ep;
    }

    /** An endpoint fault if {@code ep} is not mapped: trap into the driver and block until it is. */
    @continuable
    private void touch(Endpoint ep) {
        while (!ep.resident) {
            counter("am.endpoint_faults").increment();
            compute(s.paging().syscallCycles());
            send(driver, cursor() - now() + signal(), new SegmentDriver.Fault(ep.index));
            blockUntil(() -> ep.resident);
        }
    }

    /**
     * The next raw packet for the privileged endpoint {@code ep}, waiting with the thread blocked (its CPU free)
     * until one arrives or virtual time reaches {@code deadline}; a packet that wakes the thread costs it the
     * interrupt dispatch. Null at the deadline.
     */
    @continuable
    HostEntry.Raw awaitRaw(Endpoint ep, long deadline) {
        while (true) {
            HostEntry.Raw r = ep.takeRaw();
            if (r != null) {
                return r;
            }
            if (cursor() >= deadline) {
                return null;
            }
            if (blockUntil(ep::hasRaw, deadline)) {
                interruptDispatch();
            }
        }
    }

    /** Blocks (the CPU free for other threads) until virtual time {@code at}. */
    @continuable
    void sleepUntil(long at) {
        blockUntil(() -> false, at);
    }

    /** Tells the driver the endpoint's bulk region, which it pins while the endpoint is resident. */
    void region(Endpoint ep, int length) {
        send(driver, cursor() - now() + signal(), new SegmentDriver.Region(ep.index, length));
    }

    /** Blocks on the endpoint's semaphore until it has been posted. */
    @continuable
    void waitFor(Endpoint ep) {
        counter("am.event_waits").increment();
        blockUntil(() -> ep.posts > 0);
        ep.posts--;
    }

    /** Refuses the call unless it comes from this process's own program. */
    void owns(Endpoint ep) {
        if (!onProgramThread() || !endpoints.contains(ep)) {
            throw new AmException(AmError.BAD_ENDPOINT, ep + " belongs to " + nameOf(id())
                    + "; another process may not use it");
        }
    }

    /** Writes {@code words} into {@code ep}'s part of NIC memory (faulting it in first if need be). */
    @continuable
    void pio(Endpoint ep, int words, Doorbell d) {
        touch(ep);
        pioWritePosted(words, d);
    }

    void chargeSend(boolean reply, int bytes) {
        compute(reply ? s.host().replyCycles() : s.host().sendCycles());
        chargeCopy(bytes);
        // The sensitivity study's added o (0 unless set): the library spins, so the CPU is busy, not idle.
        busyFor(s.knobs().overheadPs());
    }

    void chargeCopy(int bytes) {
        copy(bytes);
    }

    void charge(long cycles) {
        compute(cycles);
    }

    void spend(long ps) {
        busyFor(ps);
    }

    long clock() {
        return cursor();
    }

    @continuable
    void sync() {
        catchUp();
    }

    @continuable
    void awaitEntry() {
        catchUp();
        awaitMessage(false);
    }

    /** This process's page of the run's message ledger. */
    org.nowemu.actors.runtime.LedgerBook book() {
        return ledger();
    }

    void note(Object o) {
        outcome(o);
    }

    Counter stat(String name) {
        return counter(name);
    }

    java.util.SplittableRandom rng() {
        return random();
    }

    org.HdrHistogram.Histogram hist(String name) {
        return histogram(name);
    }

    /**
     * Polls {@code only} (or every endpoint, if null): runs the handlers of what has arrived by now. A poll that
     * finds nothing costs its cycles and a cached look at each receive queue's flag (two per endpoint); each message
     * found costs a look that misses (the NIC's DMA wrote the entry) and the cycles to take it out and dispatch it.
     */
    @continuable
    int poll(Endpoint only) {
        catchUp();
        counter("am.polls").increment();
        int handled = 0;
        int looked = 0;
        for (Endpoint ep : endpoints) {
            if (only == null || ep == only) {
                looked++;
                handled += drain(ep);
            }
        }
        if (handled == 0) {
            counter("am.empty_polls").increment();
            compute(s.host().pollEmptyCycles());
            for (int q = 0; q < 2 * looked; q++) {
                pollCached(false);
            }
        }
        return handled;
    }

    /** What a poll of every endpoint that finds nothing costs (ps). */
    private long emptyPollPs() {
        return profile.host().cpu().cycles(s.host().pollEmptyCycles())
                + 2L * endpoints.size() * profile.host().cachedPollHit();
    }

    /** Takes out what the endpoint's queues hold now, replies first, then frees the entries on the NIC. */
    @continuable
    private int drain(Endpoint ep) {
        int replies = ep.replies.size();
        int requests = ep.requests.size();
        return take(ep, ep.replies, replies, true) + take(ep, ep.requests, requests, false);
    }

    /** Takes {@code n} entries out of {@code q} and runs them, each after the added o, then frees them. */
    @continuable
    private int take(Endpoint ep, java.util.Queue<HostEntry.Delivery> q, int n, boolean replies) {
        for (int i = 0; i < n; i++) {
            pollCached(true);
            compute(s.host().pollMessageCycles());
            busyFor(s.knobs().overheadPs());
            ep.dispatch(q.poll());
        }
        if (n > 0) {
            pio(ep, s.host().freeWords(), new Doorbell.Freed(ep.index, replies, n));
        }
        return n;
    }

    /** Polls every endpoint until {@code done} holds, spinning (in host time) while nothing arrives. */
    @continuable
    void pollUntil(BooleanSupplier done) {
        pollUntil(done, Long.MAX_VALUE);
    }

    /** As {@link #pollUntil(BooleanSupplier)}, giving up at virtual time {@code deadline}. */
    @continuable
    void pollUntil(BooleanSupplier done, long deadline) {
        while (!done.getAsBoolean() && cursor() < deadline) {
            if (poll(null) > 0) {
                continue;
            }
            if (yieldIfContended()) {
                continue;
            }
            long start = cursor();
            catchUp();
            if (anyQueued()) {
                continue;
            }
            if (deadline == Long.MAX_VALUE) {
                awaitMessage(false);
            } else {
                awaitMessageUntil(deadline);
            }
            long late = now() - start;
            if (late > 0) {
                // The spin's polls begin at start, start + p, ...: the first to see the entry begins at or after it.
                long pollEmptyPs = emptyPollPs();
                long polls = (late + pollEmptyPs - 1) / pollEmptyPs;
                counter("am.empty_polls").add(polls);
                spend(polls * pollEmptyPs - (cursor() - start));
            }
        }
    }

    private boolean anyQueued() {
        for (Endpoint ep : endpoints) {
            if (!ep.requests.isEmpty() || !ep.replies.isEmpty()) {
                return true;
            }
        }
        return false;
    }
}
