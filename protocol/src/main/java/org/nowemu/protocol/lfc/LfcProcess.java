package org.nowemu.protocol.lfc;

import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.parts.notification.InterruptCost;
import org.nowemu.protocol.parts.ring.FreeFlag;
import org.nowemu.protocol.parts.staging.Arrival;

/**
 * A process on LFC: the host thread that runs a program against {@link Lfc}. Besides what the NIC writes into
 * host memory it takes in the NIC's interrupts, and it gives the library the two ways a program waits: spinning
 * on polls, or computing (or sleeping) until an interrupt preempts it, when the process pays the user-level signal's
 * dispatch (the profile's {@code signal-dispatch}) before the library's handler polls the ring.
 *
 * <p>Counters: {@code lfc.signals} (interrupts taken), {@code lfc.notify_ps} (host time spent finding out about
 * arrivals: polls, including the spin of a wait, and signal dispatches).
 */
public final class LfcProcess extends LibraryThread {
    private final Lfc lfc;
    private final LfcProgram program;
    private final long signalPs;

    LfcProcess(HardwareProfile profile, NicParts nic, int hosts, LfcSettings settings, LfcProgram program) {
        super(profile, nic, hosts);
        this.lfc = new Lfc(this, settings);
        this.program = program;
        this.signalPs = InterruptCost.of(profile).signalPs();
    }

    @Override
    @continuable
    protected void program() {
        lfc.init();
        program.run(lfc);
    }

    @Override
    protected void onMemory(Object written) {
        if (written instanceof FreeFlag f) {
            lfc.freed(f.index());
        } else if (written instanceof Arrival a) {
            lfc.arrived(a);
        }
    }

    /** Takes a pending interrupt, if any: the signal's dispatch, then the handler's poll. */
    @continuable
    boolean takeInterrupt() {
        if (!takeRaisedInterrupt()) {
            return false;
        }
        long start = clock();
        computeFor(signalPs);
        stat("lfc.signals").increment();
        stat("lfc.notify_ps").add(clock() - start);
        lfc.pollInHandler();
        return true;
    }

    /**
     * {@code ps} of the program's own computation, preempted by interrupts: each one taken costs the signal and
     * the handler, and the computation resumes after it (its total stays {@code ps}).
     */
    @continuable
    void computePreemptible(long ps) {
        long left = ps;
        while (left > 0) {
            catchUp();
            if (takeInterrupt()) {
                continue;
            }
            long from = clock();
            awaitMessageUntil(from + left);
            // The wait held the CPU (the computation ran meanwhile): the clock may stand at the wake already.
            long ran = Math.min(left, Math.max(0, now() - from));
            if (from + ran > clock()) {
                computeFor(from + ran - clock());
            }
            left -= ran;
        }
        catchUp();
        takeInterrupt();
    }

    /** Sleeps (the CPU given up) until {@code done} holds or {@code deadline}, taking interrupts as they come. */
    @continuable
    void sleepUntil(BooleanSupplier done, long deadline) {
        while (!done.getAsBoolean() && clock() < deadline) {
            if (!takeInterrupt()) {
                sleepUntilInterrupted(deadline);
            }
        }
    }
}
