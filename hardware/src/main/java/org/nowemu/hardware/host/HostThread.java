package org.nowemu.hardware.host;

import org.nowemu.actors.runtime.Component;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;

/**
 * A host thread: a component whose work costs virtual time on the host CPU. It keeps a cursor, the time its
 * current work ends, and every primitive of a host library's costs moves it on: {@link #compute} by CPU cycles (the
 * library's instructions), {@link #copy} by a memory copy at the profile's rate, {@link #pollCached} by a look at a
 * flag in cached memory (hit or miss), {@link #interruptDispatch} and {@link #signalDispatch} by the profile's
 * interrupt costs. Each bus access it starts leaves at the cursor: programmed I/O goes through the host's
 * {@link IoBus}, which answers with {@link BusRequest.PioDone} when the words have crossed, or, for a posted write,
 * {@link BusRequest.PioStarted} when they take the bus ({@link ProgramThread} adds the waiting: a PIO read stalls the
 * CPU, a posted write stalls it only as far as its write buffer is full). Host libraries (AM-II, GAM, FM) build
 * their calls on these primitives.
 *
 * <p>Counters: {@code host.cycles} (CPU cycles charged), {@code host.copied_bytes}, {@code host.interrupts},
 * {@code host.signals}.
 */
public abstract class HostThread extends Component {
    protected final HardwareProfile profile;
    protected final NicParts nic;
    private long cursor;

    /**
     * @param profile the hardware profile (CPU clock, bus costs)
     * @param nic     the parts of this host's NIC, including its bus
     */
    protected HostThread(HardwareProfile profile, NicParts nic) {
        this.profile = profile;
        this.nic = nic;
    }

    /** The time this thread's work so far ends: never before the message being handled. */
    protected final long cursor() {
        if (Coroutine.capturing()) {
            throw Coroutine.unmarked();
        }
        cursor = Math.max(cursor, now());
        return cursor;
    }

    /** Charges {@code cycles} CPU cycles of work. */
    protected final void compute(long cycles) {
        cursor = cursor() + profile.host().cpu().cycles(cycles);
        counter("host.cycles").add(cycles);
    }

    /** Charges {@code ps} of CPU time measured in time rather than cycles. */
    protected final void busyFor(long ps) {
        cursor = cursor() + ps;
    }

    /** Charges a copy of {@code bytes} in host memory, at the profile's copy rate. */
    protected final void copy(long bytes) {
        if (bytes > 0) {
            busyFor(profile.host().memoryCopy().psFor(bytes));
            counter("host.copied_bytes").add(bytes);
        }
    }

    /**
     * Charges one look at a flag in cached host memory: a hit if it is as the CPU last saw it, a miss (the line
     * comes from memory) if the NIC has written it by DMA since. A flag in NIC memory is a PIO read instead.
     */
    protected final void pollCached(boolean changed) {
        busyFor(changed ? profile.host().cachedPollMiss() : profile.host().cachedPollHit());
    }

    /** Charges the dispatch of a NIC interrupt to a kernel handler. */
    protected final void interruptDispatch() {
        busyFor(profile.host().interruptDispatch());
        counter("host.interrupts").increment();
    }

    /** Charges the delivery of a NIC interrupt to a user-level signal handler. */
    protected final void signalDispatch() {
        busyFor(profile.host().signalDispatch());
        counter("host.signals").increment();
    }

    /**
     * Writes {@code words} 4-byte words into NIC memory by programmed I/O; {@code payload} is what lands there. The
     * bus answers {@link BusRequest.PioDone} when they have crossed.
     */
    protected final void pioWrite(int words, Object payload, long tag) {
        send(nic.bus(), cursor() - now() + signal(), new BusRequest.Pio(true, words, payload, tag, false));
    }

    /**
     * As {@link #pioWrite}, leaving {@code delayPs} from now whatever the cursor: a kernel handler's write, which runs
     * where it preempted the thread's work ({@link KernelHandlers}).
     */
    final void pioWriteIn(long delayPs, int words, Object payload, long tag) {
        send(nic.bus(), delayPs + signal(), new BusRequest.Pio(true, words, payload, tag, false));
    }

    /**
     * As {@link #pioWrite}, posted: the bus answers {@link BusRequest.PioStarted} when the words take the bus, not
     * when they have crossed (a write buffer's view: {@link ProgramThread} works out when each word leaves it).
     */
    protected final void pioPost(int words, Object payload, long tag) {
        send(nic.bus(), cursor() - now() + signal(), new BusRequest.Pio(true, words, payload, tag, true));
    }

    /** Reads {@code words} 4-byte words from NIC memory by programmed I/O. */
    protected final void pioRead(int words, long tag) {
        send(nic.bus(), cursor() - now() + signal(), new BusRequest.Pio(false, words, null, tag, false));
    }

    /** The smallest delay between on-board parts: one LANai cycle. */
    protected final long signal() {
        return profile.nic().lanai().cycles(1);
    }
}
