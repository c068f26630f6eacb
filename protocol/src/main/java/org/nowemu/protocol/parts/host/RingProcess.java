package org.nowemu.protocol.parts.host;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.ledger.MessageIds;
import org.nowemu.protocol.parts.ring.FreeFlag;
import org.nowemu.protocol.parts.ring.RingTail;
import org.nowemu.protocol.parts.staging.Arrival;
import org.nowemu.protocol.parts.staging.StagingArea;
import org.nowemu.protocol.parts.steps.HostSteps;

/**
 * The library thread of a system whose host writes descriptors into a send ring in NIC SRAM by programmed I/O and
 * takes what the NIC wrote into a receive area in its own memory (a ring of buffers, a queue of descriptors, a
 * notification queue): the steps those libraries share, each a library call's part. Sending: claim the ring's tail,
 * reading its flag across the bus (again, busy waiting) while it is not known to be the host's. Polling: look at
 * the receive area's next entry in cached memory; take it (dispatch, the ledger hears), then hand the entry back by
 * programmed I/O. The NIC's free flags and arrivals come in through {@link #onMemory}. What an entry holds, what the
 * descriptors carry and what the host writes back are the system's.
 *
 * <p>Counters: {@code <prefix>.flag_reads}, {@code <prefix>.<full>} (reads that found the ring still full),
 * {@code <prefix>.polls}, {@code <prefix>.handled}.
 */
public abstract class RingProcess extends LibraryThread {
    /** The send ring's tail as the host knows it. */
    protected final RingTail sendTail;
    /** The receive area the NIC writes into. */
    protected final StagingArea recv;
    private final HostSteps c;
    private final String prefix;
    private final String full;

    /**
     * @param steps       the library's host steps
     * @param prefix      the system's counter prefix ({@code "trapeze"})
     * @param full        the counter of reads that found the ring still full ({@code "ring_full"})
     * @param sendEntries entries of the send ring
     * @param recv        the receive area
     */
    protected RingProcess(HardwareProfile profile, NicParts nic, int hosts, HostSteps steps, String prefix,
            String full, int sendEntries, StagingArea recv) {
        super(profile, nic, hosts);
        this.c = steps;
        this.prefix = prefix;
        this.full = prefix + "." + full;
        this.sendTail = new RingTail(sendEntries);
        this.recv = recv;
    }

    /** A send entry the NIC is done with, or an entry in the receive area; other writes are the system's. */
    @Override
    protected void onMemory(Object written) {
        if (written instanceof FreeFlag f) {
            sendTail.freed(f.index());
        } else if (written instanceof Arrival a) {
            recv.arrive(a.slot(), a.content());
        } else {
            onOtherMemory(written);
        }
    }

    /** What the NIC wrote that is neither a free flag nor an arrival. */
    protected void onOtherMemory(Object written) {
    }

    /** Until the send ring's tail is the host's: read its flag across the bus, again while the NIC still has it. */
    @continuable
    protected final void awaitSendEntry() {
        HostOps ops = ops();
        while (!sendTail.tailFree()) {
            ops.pioRead();
            stat(prefix + ".flag_reads").increment();
            if (!sendTail.read()) {
                stat(full).increment();
            }
        }
    }

    /** A poll's start: what the NIC wrote is seen, then the call. */
    @continuable
    protected final void startPoll() {
        sync();
        polling();
        ops().cycles(c.call());
        stat(prefix + ".polls").increment();
    }

    /** What the library does at each poll before its call's step (a copy it owes). */
    protected void polling() {
    }

    /** Looks at the receive area's next entry: whether one has arrived (then {@code recv.take()} takes it). */
    @continuable
    protected final boolean arrived() {
        boolean arrived = recv.ready();
        ops().poll(arrived);
        return arrived;
    }

    /** The message taken is dispatched, and the ledger hears that message {@code id} was handled. */
    @continuable
    protected final void handled(long id) {
        ops().cycles(c.dispatch());
        book().handled(id, MessageIds.address(host()));
        stat(prefix + ".handled").increment();
    }

    /** Entry {@code slot} is taken: the host hands it back to the NIC by programmed I/O, {@code back} in it. */
    @continuable
    protected final void giveBack(int slot, int words, Object back) {
        recv.release(slot);
        ops().cycles(c.loop());
        ops().pioWrite(words, back);
    }
}
