package org.nowemu.hardware.host;

import java.util.concurrent.Semaphore;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;

/**
 * A host thread whose behaviour is written as an ordinary blocking program ({@link #program()}): compute, write
 * to the NIC, wait, read what arrived. The program runs on a Java thread of its own, used as a coroutine: the
 * component hands control to it and blocks until the program has to wait for virtual time to pass (a PIO to
 * finish, its cursor to be reached so that what arrived by then is visible, a message to arrive); then the
 * component returns to the runtime, and the program resumes when the awaited event is handled. Exactly one of the
 * two runs at any moment and every hand-off goes through a semaphore (a happens-before edge), so the program
 * sees and changes the component's state as if it were a handler, and a run stays a pure function of the
 * configuration and seed. Messages that arrive while the program waits go to {@link #onMessage} (host memory
 * being written, say), which runs on the component's side.
 *
 * <p>Why a thread and not a state machine: workload code then reads like the programs researchers ran on the
 * NOW (send, poll, handle) instead of a table of states. The price is a thread hand-off per wait (some
 * microseconds of wall time); libraries avoid needless waits (a spin-poll jumps to the next arrival).
 *
 * <p>On a host with several threads, they share its {@link HostCpu}: a thread asks for a CPU before its program
 * starts, keeps it while it runs or spins, gives it up while it is blocked ({@link #blockUntil}) and asks again
 * to go on. A host with one thread has its CPU to itself and skips the asking.
 *
 * <p>Counters: {@code host.cycles} (from {@link HostThread}), {@code host.waits} (hand-offs to the runtime),
 * {@code host.blocks} (waits with the CPU given up).
 */
public abstract class ProgramThread extends HostThread {
    /** Wakes a program waiting for virtual time; {@code seq} tells a stale wake from the current one. */
    private record Wake(long seq) {
    }

    /** Ends a {@link #blockUntil(java.util.function.BooleanSupplier, long)} at its deadline. */
    private record Timeout(long seq) {
    }

    /** The process dies here (a crash from the fault schedule). */
    private record Crash() {
    }

    /** Unwinds a program whose run has ended. */
    private static final class Stop extends Error {
        Stop() {
            super("run ended", null, false, false);
        }
    }

    private final Semaphore toProgram = new Semaphore(0);
    private final Semaphore toComponent = new Semaphore(0);
    private Thread thread;
    private volatile boolean stopping;
    private Throwable failure;
    private boolean finished;
    private boolean waitingForMessage;
    private long wakeSeq;
    private long pendingWake = -1;
    /** The deadline wake-up scheduled and not yet delivered: its time (-1: none) and sequence number. */
    private long deadlineWakeAt = -1;
    private long deadlineWakeSeq = -1;
    private long pioSeq;
    private long pioDone;
    /** Posted PIO writes still crossing the bus, and when each word has. */
    private final WriteBuffer writes;
    /** The host's CPU component, or -1 when this thread has the CPU to itself. */
    private final int cpu;
    private boolean starting;
    private boolean granted;
    private boolean holding;
    private boolean contended;
    private boolean urgent;
    private long grantedAt;
    private long timeoutSeq;
    private long activeTimeout = -1;
    private boolean timedOut;
    private long crashAtPs = Long.MAX_VALUE;
    private boolean crashed;

    protected ProgramThread(HardwareProfile profile, NicParts nic) {
        this(profile, nic, -1);
    }

    /** @param cpu the host's {@link HostCpu} component, shared with other threads; -1 for a CPU of its own */
    protected ProgramThread(HardwareProfile profile, NicParts nic, int cpu) {
        super(profile, nic);
        this.cpu = cpu;
        this.writes = new WriteBuffer(profile.bus());
    }

    /**
     * Makes the process crash at virtual time {@code atPs} (call before the run starts): its program stops where it
     * is, never to run again, the thread gives up its CPU, and {@link #onCrash} runs; messages that arrive later
     * still reach {@link #onMessage} (the memory is gone, the subclass decides what that means).
     */
    protected final void crashAt(long atPs) {
        crashAtPs = atPs;
    }

    /** Whether the process has crashed. */
    protected final boolean crashed() {
        return crashed;
    }

    /** Runs once when the process crashes, after its program has stopped. */
    protected void onCrash() {
    }

    /** The program: runs from virtual time 0 until it returns or the run ends. */
    protected abstract void program();

    /** A message to this thread that is not one of its own wake-ups (a DMA write into its memory, say). */
    protected void onMessage(Object message) {
    }

    @Override
    protected final Receive createReceive() {
        return Receive.builder()
                .on(Wake.class, this::onWake)
                .on(BusRequest.PioDone.class, this::onPioDone)
                .on(BusRequest.PioStarted.class, this::onPioStarted)
                .on(Crash.class, c -> onCrashTime())
                .on(HostCpu.Granted.class, g -> onGranted())
                .on(HostCpu.Contended.class, c -> onContended(c.urgent()))
                .on(Timeout.class, t -> {
                    if (t.seq() == activeTimeout) {
                        timedOut = true;
                        if (waitingForMessage) {
                            resume();
                        }
                    }
                })
                .on(Object.class, m -> {
                    onMessage(m);
                    if (waitingForMessage) {
                        resume();
                    }
                })
                .build();
    }

    private void onCrashTime() {
        if (thread != null && !finished) {
            // The program is suspended (it and the component never run at once): unwind it for good.
            stopping = true;
            toProgram.release();
            toComponent.acquireUninterruptibly();
        }
        crashed = true;
        waitingForMessage = false;
        if (holding) {
            holding = false;
            send(cpu, signal(), new HostCpu.Release());
        }
        counter("host.crashes").increment();
        onCrash();
    }

    @Override
    protected final void onStart() {
        if (crashAtPs != Long.MAX_VALUE) {
            schedule(crashAtPs, new Crash());
        }
        thread = new Thread(null, this::body, "nowemu-" + nameOf(id()), 512 * 1024);
        thread.setDaemon(true);
        thread.start();
        if (cpu < 0) {
            resume();
        } else {
            starting = true;
            send(cpu, signal(), new HostCpu.Acquire(false));
        }
    }

    private void onContended(boolean urgent) {
        contended = true;
        this.urgent |= urgent;
        if (waitingForMessage && holding) {
            // A spinning program hears of it when its time slice ends (at once for a woken thread), so it can
            // give the CPU up.
            long due = this.urgent ? now() : grantedAt + profile.host().timeSlice();
            if (due <= now()) {
                resume();
            } else {
                pendingWake = ++wakeSeq;
                schedule(due - now(), new Wake(pendingWake));
            }
        }
    }

    /**
     * Program side, for a spinning program: if another thread waits for a CPU and this one has held its CPU for
     * a time slice, gives it up and waits for it again (and pays a context switch then). Returns whether it did.
     */
    protected final boolean yieldIfContended() {
        if (!holding || !contended || (!urgent && cursor() - grantedAt < profile.host().timeSlice())) {
            return false;
        }
        catchUp();
        counter("host.yields").increment();
        contended = false;
        urgent = false;
        holding = false;
        send(cpu, signal(), new HostCpu.Release());
        granted = false;
        send(cpu, signal(), new HostCpu.Acquire(false));
        while (!granted) {
            awaitMessage(false);
        }
        return true;
    }

    private void onGranted() {
        if (crashed) {
            // Asked for before the crash: a dead thread hands the CPU straight back.
            send(cpu, signal(), new HostCpu.Release());
            return;
        }
        granted = true;
        holding = true;
        // A Contended sent while the grant was on its way (it travels faster than a grant that pays a context
        // switch) still stands: keep it.
        grantedAt = now();
        if (starting) {
            starting = false;
            resume();
        } else if (waitingForMessage) {
            resume();
        }
    }

    @Override
    protected final void onFinish() {
        if (thread != null && !finished) {
            stopping = true;
            toProgram.release();
            toComponent.acquireUninterruptibly();
        }
        whenFinished();
    }

    /** Runs once after the run: update counters from the final state. */
    protected void whenFinished() {
    }

    private void body() {
        toProgram.acquireUninterruptibly();
        try {
            if (!stopping) {
                program();
            }
        } catch (Stop s) {
            // the run ended while the program waited
        } catch (Throwable t) {
            failure = t;
        }
        finished = true;
        toComponent.release();
    }

    /** Hands control to the program until it waits again or ends; a program's exception fails the component. */
    private void resume() {
        if (crashed) {
            return;
        }
        waitingForMessage = false;
        pendingWake = -1;
        toProgram.release();
        toComponent.acquireUninterruptibly();
        if (finished && holding) {
            holding = false;
            send(cpu, cursor() - now() + signal(), new HostCpu.Release());
        }
        if (failure != null) {
            Throwable t = failure;
            failure = null;
            if (t instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(t);
        }
    }

    /** Program side: give control back to the runtime until resumed. */
    private void suspend() {
        counter("host.waits").increment();
        toComponent.release();
        toProgram.acquireUninterruptibly();
        if (stopping) {
            throw new Stop();
        }
    }

    private void onWake(Wake w) {
        if (w.seq() == deadlineWakeSeq) {
            deadlineWakeAt = -1;
        }
        if (w.seq() == pendingWake) {
            resume();
        }
    }

    private void onPioDone(BusRequest.PioDone d) {
        pioDone = d.tag();
        if (waitingForMessage) {
            resume();
        }
    }

    private void onPioStarted(BusRequest.PioStarted s) {
        writes.started(s.tag(), s.atPs());
        if (waitingForMessage) {
            resume();
        }
    }

    /**
     * Waits until virtual time reaches the cursor, so that everything that arrived by then has been handled
     * ({@link #onMessage}). Returns at once if it already has.
     */
    protected final void catchUp() {
        long c = cursor();
        if (c > now()) {
            pendingWake = ++wakeSeq;
            schedule(c - now(), new Wake(pendingWake));
            suspend();
        }
    }

    /**
     * Waits until the next message arrives (or the cursor, if that comes first and {@code untilCursor}). The
     * caller should have caught up first: a message already due by the cursor is not awaited again.
     */
    protected final void awaitMessage(boolean untilCursor) {
        waitingForMessage = true;
        long c = cursor();
        if (untilCursor && c > now()) {
            pendingWake = ++wakeSeq;
            schedule(c - now(), new Wake(pendingWake));
        }
        suspend();
    }

    /**
     * Waits (holding the CPU, as a spin does) until the next message arrives or virtual time {@code at}. Waits with
     * the same deadline share one wake-up (a sender waiting for credits until the end of its phase waits many
     * times), so a deadline costs one event however often it is waited for.
     */
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

    /**
     * Writes {@code words} words into NIC memory by programmed I/O and stalls until they have crossed the bus
     * (the bus may be busy with DMA). The cursor is then the completion time.
     */
    protected final void pioWriteAndWait(int words, Object payload) {
        long tag = ++pioSeq;
        pioWrite(words, payload, tag);
        while (pioDone != tag) {
            awaitMessage(false);
        }
    }

    /**
     * Writes {@code words} words into NIC memory by programmed I/O, posted through the CPU's write buffer, which the
     * bus drains in order ({@link WriteBuffer}): after writing word n the CPU goes on once word n - depth has crossed,
     * so with an idle bus and an empty buffer a write of w words costs it the bus time of w - depth of them. What it
     * wrote reaches the NIC when the bus has carried all of it.
     */
    protected final void pioWritePosted(int words, Object payload) {
        long tag = ++pioSeq;
        long last = writes.post(tag, words);
        pioPost(words, payload, tag);
        long need = last - profile.host().writeBuffer();
        long from = cursor();
        while (need > 0) {
            long crossed = writes.crossedAt(need);
            if (crossed != WriteBuffer.UNKNOWN) {
                if (crossed > cursor()) {
                    busyFor(crossed - cursor());
                }
                if (cursor() > from) {
                    counter("host.write_buffer_stalls").increment();
                    counter("host.write_buffer_stall_ps").add(cursor() - from);
                }
                break;
            }
            // Its write has not taken the bus as far as this thread has seen: look up to the cursor, then wait.
            catchUp();
            if (writes.crossedAt(need) == WriteBuffer.UNKNOWN) {
                awaitMessage(false);
            }
        }
        writes.forget(cursor());
    }

    /**
     * Blocks until {@code ready} holds, with the CPU given up meanwhile (a semaphore wait, a page fault): other
     * threads of the host may run, and this one asks for a CPU again (and may wait for one, and pay a context
     * switch) before it goes on. {@code ready} is checked after each message that arrives.
     */
    protected final void blockUntil(java.util.function.BooleanSupplier ready) {
        catchUp();
        if (ready.getAsBoolean()) {
            return;
        }
        counter("host.blocks").increment();
        if (holding) {
            holding = false;
            send(cpu, signal(), new HostCpu.Release());
        }
        while (!ready.getAsBoolean()) {
            awaitMessage(false);
        }
        if (cpu >= 0) {
            granted = false;
            send(cpu, signal(), new HostCpu.Acquire(true));
            while (!granted) {
                awaitMessage(false);
            }
        }
    }

    /**
     * {@link #blockUntil(java.util.function.BooleanSupplier)} that also ends at virtual time {@code deadline}
     * ({@code Long.MAX_VALUE}: none). Returns whether {@code ready} holds.
     */
    protected final boolean blockUntil(java.util.function.BooleanSupplier ready, long deadline) {
        long seq = ++timeoutSeq;
        timedOut = deadline <= cursor();
        activeTimeout = seq;
        if (!timedOut && deadline != Long.MAX_VALUE) {
            schedule(deadline - now(), new Timeout(seq));
        }
        blockUntil(() -> ready.getAsBoolean() || timedOut);
        activeTimeout = -1;
        return ready.getAsBoolean();
    }

    /** Reads {@code words} words from NIC memory by programmed I/O and stalls until the bus has answered. */
    protected final void pioReadAndWait(int words) {
        long tag = ++pioSeq;
        pioRead(words, tag);
        while (pioDone != tag) {
            awaitMessage(false);
        }
    }

    /** Whether the calling Java thread is this program's (libraries refuse calls from other programs). */
    protected final boolean onProgramThread() {
        return Thread.currentThread() == thread;
    }
}
