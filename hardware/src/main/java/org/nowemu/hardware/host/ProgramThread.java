package org.nowemu.hardware.host;

import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;

/**
 * A host thread whose behaviour is written as an ordinary blocking program ({@link #program()}): compute, write
 * to the NIC, wait, read what arrived. The program is a continuation of the component ({@link Coroutine}): the
 * component runs it, on its own Java thread, until it has to wait for virtual time to pass (a PIO to finish, its
 * cursor to be reached so that what arrived by then is visible, a message to arrive); the wait saves its frames
 * and returns, and the awaited event resumes it. One of the two runs at a time, so the program sees and changes
 * the component's state as if it were a handler, and a run stays a pure function of the configuration and seed.
 * Messages that arrive while it waits go to {@link #onMessage} (host memory being written, say), on the
 * component's side. Every method between {@link #program()} and a wait is marked {@code @continuable} and is not a
 * lambda (README, "Writing a host program"). CPU sharing is {@link CpuShare}'s, PIO stalls are {@link PioWaits}'.
 *
 * <p>A resume rebuilds the program's frames, so nothing resumes a program that would only wait again: a wait for a
 * condition ({@link #awaitUntil}) is checked on the component's side as messages arrive. The kernel's interrupt
 * handlers take the program's CPU ({@link KernelHandlers}).
 *
 * <p>Counters: {@code host.cycles} (from {@link HostThread}), {@code host.waits} (the program's waits),
 * {@code host.blocks} (waits with the CPU given up), {@code host.yields}, {@code host.crashes},
 * {@code host.interrupted_ps} ({@link CpuShare}'s).
 */
public abstract class ProgramThread extends HostThread {
    /** Wakes a program waiting for virtual time; {@code seq} tells a stale wake from the current one. */
    private record Wake(long seq) { }

    /** Ends block number {@code seq} at its deadline ({@link BlockDeadline}; its name is in run digests). */
    record Timeout(long seq) { }

    /** A kernel handler that writes nothing into the NIC returns ({@link KernelHandlers}; {@code tag} < 0). */
    record HandlerReturn(long tag) { }

    /** The process dies here (a crash from the fault schedule). */
    private record Crash() { }

    private Coroutine coroutine;
    private boolean waitingForMessage;
    /** What the program waits for, if it waits for a condition: it is resumed only once this holds. */
    private BooleanSupplier wakeWhen;
    private long wakeSeq;
    private long pendingWake = -1;
    /** The deadline wake-up scheduled and not yet delivered: its time (-1: none) and sequence number. */
    private long deadlineWakeAt = -1;
    private long deadlineWakeSeq = -1;
    /** The CPU stalled on programmed I/O: reads, writes and the write buffer. */
    private final PioWaits pio;
    /** Its share of the host's CPUs. */
    private final CpuShare share;
    private final BlockDeadline deadline = new BlockDeadline(this);
    private final KernelHandlers kernel = new KernelHandlers(this);
    /** Whether the program waits for virtual time to reach its cursor ({@link #catchUp}). */
    private boolean catchingUp;
    private long crashAtPs = Long.MAX_VALUE;
    private boolean crashed;
    /** The program's waits whose wake-up was checked on the component's side and did not resume it. */
    private long waitsSkipped;

    protected ProgramThread(HardwareProfile profile, NicParts nic) {
        this(profile, nic, -1);
    }

    /** @param cpu the host's {@link HostCpu} component, shared with other threads; -1 for a CPU of its own */
    protected ProgramThread(HardwareProfile profile, NicParts nic, int cpu) {
        super(profile, nic);
        this.share = new CpuShare(this, cpu, profile.host().timeSlice());
        this.pio = new PioWaits(this);
    }

    /** Makes the process crash at {@code atPs}: its program stops, {@link #onCrash} runs, messages still arrive. */
    protected final void crashAt(long atPs) {
        crashAtPs = atPs;
    }

    /** Whether the process has crashed. */
    protected final boolean crashed() {
        return crashed;
    }

    /** Runs once when the process crashes, after its program has stopped. */
    protected void onCrash() { }

    /** The program: runs from virtual time 0 until it returns or the run ends. */
    @continuable
    protected abstract void program();

    /** A message to this thread that is not one of its own wake-ups (a DMA write into its memory, say). */
    protected void onMessage(Object message) {
    }

    @Override
    protected final Receive createReceive() {
        return Receive.builder()
                .on(Wake.class, this::onWake)
                .on(BusRequest.PioDone.class, d -> {
                    if (!kernel.pioDone(now(), d.tag())) {
                        pio.done(d.tag());
                        wakeIfWaiting();
                    }
                })
                .on(BusRequest.PioStarted.class, s -> {
                    pio.started(s.tag(), s.atPs());
                    wakeIfWaiting();
                })
                .on(Crash.class, c -> onCrashTime())
                .on(HostCpu.Granted.class, g -> onGranted())
                .on(HostCpu.Contended.class, c -> onContended(c.urgent()))
                .on(HostCpu.Interrupt.class, i -> kernel.take(i, share, now(), cursor()))
                .on(HandlerReturn.class, h -> kernel.pioDone(now(), h.tag()))
                .on(Timeout.class, t -> {
                    if (deadline.expired(t)) {
                        wakeIfWaiting();
                    }
                })
                .on(Object.class, m -> {
                    onMessage(m);
                    wakeIfWaiting();
                })
                .build();
    }

    private void onCrashTime() {
        if (coroutine != null) {
            // The program is suspended (it and the component never run at once): drop it for good.
            coroutine.stop();
        }
        crashed = true;
        waitingForMessage = false;
        wakeWhen = null;
        share.release(0);
        counter("host.crashes").increment();
        onCrash();
    }

    @Override
    protected final void onStart() {
        if (crashAtPs != Long.MAX_VALUE) {
            schedule(crashAtPs, new Crash());
        }
        coroutine = new Coroutine(this);
        if (share.own()) {
            resume();
        } else {
            share.askToStart();
        }
    }

    private void onContended(boolean urgent) {
        long due = share.contended(urgent, now());
        if (waitingForMessage && due >= 0) {
            // A spinning program hears of it when its time slice ends (at once for a woken one): it may yield.
            if (due <= now()) {
                wake();
            } else {
                wakeAt(due);
            }
        }
    }

    /** Program side, spinning: {@link CpuShare#yieldIfContended}. */
    @continuable
    protected final boolean yieldIfContended() {
        return share.yieldIfContended();
    }

    private void onGranted() {
        if (crashed) {
            share.refuse(); // asked for before the crash: a dead thread hands the CPU straight back
            return;
        }
        boolean start = share.granted(now());
        kernel.granted(now(), cursor());
        if (start) {
            resume();
        } else {
            wakeIfWaiting();
        }
    }

    /** Sends {@code message} to the host's CPUs ({@code cpu}), {@code afterPs} after the on-board signal's delay. */
    void toCpu(int cpu, long afterPs, Object message) {
        send(cpu, afterPs + signal(), message);
    }

    @Override
    protected final void onFinish() {
        if (coroutine != null) {
            coroutine.stop();
            if (coroutine.handOffs() > 0) {
                // Never with a continuation; a counter only when it happens, so that digests do not carry a zero.
                counter("host.handoffs").add(coroutine.handOffs());
            }
        }
        whenFinished();
    }

    /** Runs once after the run: update counters from the final state. */
    protected void whenFinished() { }

    private void wakeIfWaiting() {
        if (waitingForMessage) {
            wake();
        }
    }

    /**
     * The program's wait is over unless it waits for a condition that still does not hold: then it stays suspended,
     * its state changed as if it had woken, found the condition false and waited again (wait counted, cursor on).
     */
    private void wake() {
        if (crashed) {
            return;
        }
        if (wakeWhen != null && !wakeWhen.getAsBoolean()) {
            pendingWake = -1;
            cursor();
            counter("host.waits").increment();
            waitsSkipped++;
            return;
        }
        resume();
    }

    /** Hands control to the program until it waits again or ends; a program's exception fails the component. */
    private void resume() {
        if (crashed || kernel.defers()) {
            return;
        }
        waitingForMessage = false;
        pendingWake = -1;
        Throwable failure = coroutine.resume();
        if (coroutine.finished()) {
            share.release(cursor() - now());
        }
        if (failure != null) {
            throw failure instanceof RuntimeException re ? re : new IllegalStateException(failure);
        }
    }

    /** Program side: give control back to the runtime until resumed. */
    @continuable
    private void suspend() {
        counter("host.waits").increment();
        coroutine.suspend();
    }

    private void onWake(Wake w) {
        if (w.seq() == deadlineWakeSeq) {
            deadlineWakeAt = -1;
        }
        if (w.seq() == pendingWake) {
            wake();
        }
    }

    /** Waits until virtual time reaches the cursor, so that all that arrived by then is handled; at once if it is. */
    @continuable
    protected final void catchUp() {
        if (cursor() > now()) {
            wakeAt(cursor());
            catchingUp = true;
            suspend();
            catchingUp = false;
        }
    }

    /** Component side: a NIC interrupt to this thread's host, taken by its CPU ({@link KernelHandlers#take}). */
    protected final void interruptKernel(long cpuPs, int pioWords, Object payload) {
        counter("host.interrupts").increment();
        share.interrupt(new HostCpu.Interrupt(cpuPs, pioWords, payload), kernel, now(), cursor());
    }

    /** The kernel's handlers have returned: a program catching up waits on to its shifted cursor, or resumes. */
    void kernelReturned(boolean deferred) {
        if (catchingUp) {
            wakeAt(Math.max(now(), cursor()));
        } else if (deferred) {
            resume();
        }
    }

    private void wakeAt(long at) {
        pendingWake = ++wakeSeq;
        schedule(at - now(), new Wake(pendingWake));
    }

    /**
     * Waits until the next message arrives (or the cursor, if that comes first and {@code untilCursor}). The
     * caller should have caught up first: a message already due by the cursor is not awaited again.
     */
    @continuable
    protected final void awaitMessage(boolean untilCursor) {
        waitingForMessage = true;
        if (untilCursor && cursor() > now()) {
            wakeAt(cursor());
        }
        suspend();
    }

    /**
     * Waits for messages until {@code ready} holds: {@code while (!ready) awaitMessage(false)}, but {@code ready}
     * is checked on the component's side as each message is handled, so the program is resumed once, when it
     * holds. {@code ready} must only read this thread's state.
     */
    @continuable
    protected final void awaitUntil(BooleanSupplier ready) {
        while (!ready.getAsBoolean()) {
            wakeWhen = ready;
            awaitMessage(false);
            wakeWhen = null;
        }
    }

    /**
     * Waits (holding the CPU, as a spin does) until the next message arrives or virtual time {@code at}. Waits with
     * the same deadline share one wake-up, so a deadline costs one event however often it is waited for.
     */
    @continuable
    protected final void awaitMessageUntil(long at) {
        waitingForMessage = true;
        if (at > now()) {
            if (at != deadlineWakeAt) {
                deadlineWakeAt = at;
                deadlineWakeSeq = ++wakeSeq;
                schedule(at - now(), new Wake(deadlineWakeSeq));
            }
            pendingWake = deadlineWakeSeq;
        }
        suspend();
    }

    /** Writes {@code words} words into NIC memory by PIO and stalls until they have crossed the bus. */
    @continuable
    protected final void pioWriteAndWait(int words, Object payload) {
        pio.writeAndWait(words, payload);
    }

    /** Writes {@code words} words into NIC memory by PIO through the CPU's write buffer ({@link PioWaits}). */
    @continuable
    protected final void pioWritePosted(int words, Object payload) {
        pio.writePosted(words, payload);
    }

    /** Reads {@code words} words from NIC memory by PIO and stalls until the bus has answered. */
    @continuable
    protected final void pioReadAndWait(int words) {
        pio.readAndWait(words);
    }

    /**
     * Blocks until {@code ready} holds, the CPU given up meanwhile (a semaphore wait, a page fault): other threads may
     * run; to go on this one asks for a CPU again, and pays the kernel's wake-up and a switch ({@link HostCpu}).
     * {@code ready} is checked on the component's side as messages arrive: it must only read this thread's state.
     */
    @continuable
    protected final void blockUntil(BooleanSupplier ready) {
        share.block(ready);
    }

    /** {@link #blockUntil(BooleanSupplier)} that also ends at {@code deadline} (MAX_VALUE: none); whether it holds. */
    @continuable
    protected final boolean blockUntil(BooleanSupplier ready, long deadline) {
        return this.deadline.block(ready, deadline);
    }

    /** Sends this thread {@code message} at virtual time {@code time} (for the parts of it in other files). */
    void at(long time, Object message) {
        schedule(time - now(), message);
    }

    /** A counter of this thread, for the parts of it in other files. */
    final org.nowemu.actors.stats.Counter hostCounter(String name) {
        return counter(name);
    }

    /** Whether the calling code is this program's (libraries refuse calls from other programs). */
    protected final boolean onProgramThread() {
        return coroutine != null && coroutine.onProgramThread();
    }

    /** Times the program was resumed: 1 + {@code host.waits} - {@link #waitsSkipped()}. */
    protected final long resumes() {
        return coroutine == null ? 0 : coroutine.passes();
    }

    /** Waits that ended without resuming the thread (their condition still did not hold). */
    protected final long waitsSkipped() {
        return waitsSkipped;
    }

    /** Whether the program is still held, waiting (none is once the run has ended or the process crashed). */
    protected final boolean programHeld() {
        return coroutine != null && !coroutine.finished();
    }
}
