package org.nowemu.protocol.parts.host;

import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;
import org.HdrHistogram.Histogram;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.runtime.LedgerBook;
import org.nowemu.actors.stats.Counter;
import org.nowemu.hardware.host.ProgramThread;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.notification.InterruptEvent;
import org.nowemu.protocol.parts.translation.EntryInstalled;
import org.nowemu.protocol.parts.translation.MissInterrupt;
import org.nowemu.protocol.parts.translation.Step;
import org.nowemu.protocol.parts.translation.TranslationCosts;

/**
 * The host thread of a process that runs a program against a comparison system's library (the basic protocol,
 * FM 1.x, FM 2.x, MPI over FM): one process per NIC, as these systems have no protection. It gives the library
 * what it builds on: the costs of host operations ({@link #ops}, kept in one file), the clock, waiting for what
 * the NIC writes into host memory, and the process's ledger page, counters and random stream. What the NIC writes
 * into host memory by DMA, and the flags it sets in its own SRAM that the host may read by programmed I/O, arrive
 * as messages handed to {@link #onMemory}: the library takes them into its buffers, and the program sees them
 * only through the library's polls and reads, which pay for the look.
 *
 * <p>A spin loop of polls that find nothing is not run poll by poll: {@link #idle} waits for the next message and
 * resumes at the start of the first poll that would have seen it, exactly when a loop of empty polls would have.
 *
 * <p>A process that crashes ({@link #crashesAt}) stops where it is; what the NIC goes on writing into its memory
 * goes nowhere, and its ledger page says that every message to it it had not handled ended with it.
 *
 * <p>Counters: {@code host.empty_polls} (polls skipped that way), and those of {@code ProgramThread}.
 */
public abstract class LibraryThread extends ProgramThread {
    private final HostOps ops;
    private final int hosts;
    /** NIC interrupts come and not yet taken ({@link InterruptEvent}s). */
    private long interruptsRaised;
    /** The NIC's TLB misses the kernel has served for this process ({@link MissInterrupt}s). */
    private long missesServed;
    private final TranslationCosts kernelCosts;

    /**
     * @param profile the hardware (CPU, bus, memory costs)
     * @param nic     this host's NIC
     * @param hosts   hosts in the cluster
     */
    protected LibraryThread(HardwareProfile profile, NicParts nic, int hosts) {
        super(profile, nic);
        this.ops = new HostOps(this, profile);
        this.hosts = hosts;
        this.kernelCosts = new TranslationCosts(profile);
    }

    /** What the host's operations cost: library cycles, PIO, polls, copies. */
    public final HostOps ops() {
        return ops;
    }

    /** This host's index (its NIC's). */
    public final int host() {
        return nic.nic();
    }

    /** Hosts in the cluster. */
    public final int hosts() {
        return hosts;
    }

    /** The program's clock (ps): where its work so far ends. */
    public final long clock() {
        return cursor();
    }

    /** Waits until virtual time reaches the clock, so that everything the NIC wrote by then has been taken in. */
    @continuable
    public final void sync() {
        catchUp();
    }

    /**
     * After a poll that found nothing, waits as a loop of such polls, each {@code iterationPs} long, would: until a
     * message arrives (or virtual time reaches {@code deadline}), then on to the start of the first poll after it.
     * {@code arrived} says whether what the loop polls for has come (checked once the clock is reached, before
     * waiting). Returns at once if it has.
     */
    @continuable
    public final void idle(BooleanSupplier arrived, long iterationPs, long deadline) {
        long start = cursor();
        catchUp();
        if (arrived.getAsBoolean() || start >= deadline) {
            return;
        }
        if (deadline == Long.MAX_VALUE) {
            awaitMessage(false);
        } else {
            awaitMessageUntil(deadline);
        }
        long late = now() - start;
        if (late > 0) {
            // The loop's polls begin at start, start + p, ...: the first to see the news begins at or after it.
            long polls = (late + iterationPs - 1) / iterationPs;
            counter("host.empty_polls").add(polls);
            // Never back: a kernel handler that preempted the loop may have taken it past that poll.
            busyFor(Math.max(0, polls * iterationPs - (cursor() - start)));
        }
    }

    /**
     * Sleeps, the CPU free, until {@code arrived} holds (true) or virtual time reaches {@code deadline} (false): an
     * interrupt-driven wait, where {@link #idle} is a polling one. The caller pays the interrupt's dispatch.
     */
    @continuable
    public final boolean sleepUntilArrived(BooleanSupplier arrived, long deadline) {
        sync();
        if (deadline == Long.MAX_VALUE) {
            awaitUntil(arrived);
        } else {
            while (!arrived.getAsBoolean() && now() < deadline) {
                awaitMessageUntil(deadline);
            }
        }
        sync();
        return arrived.getAsBoolean();
    }

    /** Sleeps {@code ps} of virtual time, computing (the CPU busy): a program's own work between calls. */
    public final void computeFor(long ps) {
        busyFor(ps);
    }

    /** This process's page of the run's message ledger. */
    public final LedgerBook book() {
        return ledger();
    }

    /** Makes the process crash at {@code atPs} ({@code Long.MAX_VALUE}: never); called once, before the run. */
    public final void crashesAt(long atPs) {
        if (atPs != Long.MAX_VALUE) {
            crashAt(atPs);
        }
    }

    @Override
    protected void onCrash() {
        book().crashed(now(), org.nowemu.protocol.parts.ledger.MessageIds.address(host()));
    }

    public final Counter stat(String name) {
        return counter(name);
    }

    public final Histogram hist(String name) {
        return histogram(name);
    }

    public final SplittableRandom rng() {
        return random();
    }

    /** Records a small immutable record in this process's report ({@code RunResult.outcomes}). */
    public final void note(Object o) {
        outcome(o);
    }

    /** Whether a NIC interrupt has come and not been taken. */
    public final boolean interruptPending() {
        return interruptsRaised > 0;
    }

    /** Takes the interrupts come (those raised while one was pending are one): whether any had. The caller pays. */
    public final boolean takeRaisedInterrupt() {
        boolean any = interruptsRaised > 0;
        interruptsRaised = 0;
        return any;
    }

    /** Takes a pending NIC interrupt as its handler's dispatch on this CPU: a user-level signal's or the kernel's. */
    @continuable
    public final boolean takeInterrupt(boolean signal) {
        if (!takeRaisedInterrupt()) {
            return false;
        }
        if (signal) {
            signalDispatch();
        } else {
            interruptDispatch();
        }
        return true;
    }

    /** Sleeps, the CPU given up, until a NIC interrupt comes (true) or virtual time reaches {@code deadline}. */
    @continuable
    public final boolean sleepUntilInterrupted(long deadline) {
        return blockUntil(this::interruptPending, deadline);
    }

    /** The NIC TLB misses whose interrupt this process's kernel has served, as the program can count them. */
    public final long tlbMissInterrupts() {
        return missesServed;
    }

    /** The library takes in what the NIC wrote: a DMA into host memory, a flag it set in its SRAM. */
    protected abstract void onMemory(Object written);

    @Override
    protected final void onMessage(Object message) {
        if (crashed()) {
            return; // the memory of a dead process: what the NIC writes there goes nowhere
        }
        if (message instanceof InterruptEvent) {
            interruptsRaised++;
        } else if (message instanceof MissInterrupt m) {
            // The kernel's handler, not the library's: it preempts the program at once (its dispatch, the page's
            // pin), then writes the entry into the NIC by PIO over the bus the NIC's DMA uses.
            missesServed++;
            interruptKernel(kernelCosts.ps(new Step.Interrupt()) + kernelCosts.ps(new Step.HostPin(m.pages())),
                    m.installWords(), new EntryInstalled());
        } else if (message instanceof org.nowemu.hardware.host.BusRequest.DmaWrite w) {
            onMemory(w.payload());
        } else {
            onMemory(message);
        }
    }

    // ---- the primitives HostOps charges through (one place to switch to the bus's own costs)

    final void chargeCycles(long cycles) {
        compute(cycles);
    }

    final void chargeTime(long ps) {
        busyFor(ps);
    }

    @continuable
    final void postedWrite(int words, Object payload) {
        pioWritePosted(words, payload);
    }

    @continuable
    final void readAndWait(int words) {
        pioReadAndWait(words);
    }
}
