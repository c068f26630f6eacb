package org.nowemu.hardware.host;

import org.nowemu.actors.runtime.Component;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;

/**
 * A host thread: a component whose work costs virtual time on the host CPU. It keeps a cursor, the time its
 * current work ends: {@link #compute} moves it on by CPU cycles, and each bus access it starts leaves at the
 * cursor. Programmed I/O goes through the host's {@link IoBus}, which answers with {@link BusRequest.PioDone}
 * when the words have crossed; the thread is meant to wait for it (PIO stalls the CPU). Host libraries (AM-II,
 * GAM) build their calls on these primitives.
 *
 * <p>Counters: {@code host.cycles} (CPU cycles charged).
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
        cursor = Math.max(cursor, now());
        return cursor;
    }

    /** Charges {@code cycles} CPU cycles of work. */
    protected final void compute(long cycles) {
        cursor = cursor() + profile.host().cpu().cycles(cycles);
        counter("host.cycles").add(cycles);
    }

    /** Charges {@code ps} of CPU time measured in time rather than cycles (a memory copy at the copy rate, say). */
    protected final void busyFor(long ps) {
        cursor = cursor() + ps;
    }

    /** Writes {@code words} 4-byte words into NIC memory by programmed I/O; {@code payload} is what lands there. */
    protected final void pioWrite(int words, Object payload, long tag) {
        send(nic.bus(), cursor() - now() + signal(), new BusRequest.Pio(true, words, payload, tag));
    }

    /** Reads {@code words} 4-byte words from NIC memory by programmed I/O. */
    protected final void pioRead(int words, long tag) {
        send(nic.bus(), cursor() - now() + signal(), new BusRequest.Pio(false, words, null, tag));
    }

    /** The smallest delay between on-board parts: one LANai cycle. */
    protected final long signal() {
        return profile.nic().lanai().cycles(1);
    }
}
