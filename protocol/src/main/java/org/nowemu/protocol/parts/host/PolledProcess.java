package org.nowemu.protocol.parts.host;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.notification.InterruptsOn;
import org.nowemu.protocol.parts.staging.StagingArea;
import org.nowemu.protocol.parts.steps.HostSteps;

/**
 * A {@link RingProcess} whose host waits for what comes either by spinning on polls or, with interrupts on, asleep
 * until the NIC interrupts, then paying the dispatch: a kernel handler's, or a user-level signal's. The host turns
 * interrupts on and off by a word it writes into NIC SRAM ({@link InterruptsOn}).
 *
 * @param <M> what a poll takes
 */
public abstract class PolledProcess<M> extends RingProcess {
    private final HostSteps c;
    private final boolean signal;
    private boolean interrupts;

    /**
     * @param interrupts whether the host starts with interrupts on
     * @param signal     an interrupt reaches the library as a user-level signal (else a kernel handler serves it)
     */
    protected PolledProcess(HardwareProfile profile, NicParts nic, int hosts, HostSteps steps, String prefix,
            String full, int sendEntries, StagingArea recv, boolean interrupts, boolean signal) {
        super(profile, nic, hosts, steps, prefix, full, sendEntries, recv);
        this.c = steps;
        this.interrupts = interrupts;
        this.signal = signal;
    }

    /** The next that has arrived, taken; null if none has. */
    @continuable
    public abstract M poll();

    /** Whether the host waits by interrupt (else by spinning on polls). */
    @continuable
    public final void interrupts(boolean on) {
        ops().cycles(c.call());
        ops().pioWrite(1, new InterruptsOn(on));
        interrupts = on;
    }

    /** The next that arrives, waiting for it until {@code deadline} (null then): spinning, or asleep. */
    @continuable
    public final M next(long deadline) {
        long iteration = ops().cyclesPs(c.call()) + ops().pollHitPs();
        while (true) {
            M m = poll();
            if (m != null || clock() >= deadline) {
                return m;
            }
            if (!interrupts) {
                idle(recv::ready, iteration, deadline);
            } else if (sleepUntilInterrupted(deadline)) {
                takeInterrupt(signal);
            }
        }
    }
}
