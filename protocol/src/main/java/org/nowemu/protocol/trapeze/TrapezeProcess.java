package org.nowemu.protocol.trapeze;

import java.util.Arrays;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.host.HostOps;
import org.nowemu.protocol.parts.host.PolledProcess;
import org.nowemu.protocol.parts.ledger.MessageIds;
import org.nowemu.protocol.parts.staging.StagingArea;
import org.nowemu.protocol.parts.steps.HostSteps;

/**
 * A process on Trapeze: its messaging library (systems §12.4) and the program that uses it. Send: if the
 * send-ring entry at the tail is not known to be the host's, read its ownership flag across the bus (again, busy
 * waiting, while the NIC still has it); write the control message and, with a payload, the page frame's DMA address
 * and length into the entry by programmed I/O, ownership flag last. The payload is not copied: it is in a page frame
 * the NIC DMAs from. Poll: look at the next entry of the receive ring's image in cached memory; take a message
 * there (its payload already in the entry's frame), hand the entry back with a fresh frame by programmed I/O.
 * Waiting for a message either spins on polls or, with interrupts on, sleeps until the NIC interrupts and pays the
 * kernel handler's dispatch (P13: Trapeze serves the kernel). Trapeze promises nothing: each message enters the
 * ledger as sent without a promise, so one the receiving NIC drops is counted as dropped, not lost.
 *
 * <p>Counters: {@code trapeze.sent}, {@code trapeze.handled}, {@code trapeze.flag_reads}, {@code trapeze.ring_full},
 * {@code trapeze.polls}, and the profile's {@code host.interrupts}.
 */
public final class TrapezeProcess extends PolledProcess<Trapeze.Message> {
    private final TrapezeSettings s;
    private final HostSteps c;
    private final TrapezeProgram program;
    private final int[] sentTo;

    public TrapezeProcess(HardwareProfile profile, NicParts nic, int hosts, TrapezeSettings settings,
                          TrapezeProgram program) {
        super(profile, nic, hosts, settings.host(), "trapeze", "ring_full", settings.sendRing(),
                new StagingArea("h" + nic.nic() + " trapeze receive ring", settings.recvRing()), settings.interrupts(),
                false); // P13: Trapeze serves the kernel
        this.s = settings;
        this.c = settings.host();
        this.program = program;
        this.sentTo = new int[hosts];
    }

    @Override
    @continuable
    protected void program() {
        ops().cycles(c.call());
        ops().pioWrite(2, new TrapezeWire.Init());
        program.run(new Trapeze(this));
    }

    TrapezeSettings settings() {
        return s;
    }

    @continuable
    void send(int dest, byte[] control, int payload) {
        if (dest < 0 || dest >= hosts() || dest == host()) {
            throw new IllegalArgumentException("trapeze: no destination " + dest + " (hosts 0.." + (hosts() - 1)
                    + ", not this one, " + host() + ")");
        }
        if (control.length > s.maxControl() || payload < 0 || payload > s.maxPayload()) {
            throw new IllegalArgumentException("trapeze: a control message holds at most " + s.maxControl()
                    + " bytes and a payload " + s.maxPayload() + ", got " + control.length + " and " + payload);
        }
        HostOps ops = ops();
        ops.cycles(c.call());
        awaitSendEntry();
        int index = sendTail.claim();
        int seq = sentTo[dest]++;
        book().sentWithoutPromise(MessageIds.of(IdSystem.TRAPEZE, host(), dest, seq), clock(),
                MessageIds.address(dest));
        ops.cycles(c.packet());
        int words = s.entryWords() + HostOps.words(0, control.length) + (payload > 0 ? s.payloadWords() : 0);
        ops.pioWrite(words, new TrapezeWire.Post(index, dest, seq, Arrays.copyOf(control, control.length), payload));
        stat("trapeze.sent").increment();
    }

    /** The next message in the receive ring, its entry handed back with a fresh frame; null if none has arrived. */
    @Override
    @continuable
    public Trapeze.Message poll() {
        startPoll();
        if (!arrived()) {
            return null;
        }
        int slot = recv.take();
        TrapezeWire.Message m = TrapezeWire.decode(recv.content(slot));
        handled(MessageIds.of(IdSystem.TRAPEZE, m.src(), host(), m.seq()));
        giveBack(slot, s.returnWords(), new TrapezeWire.Return(slot));
        return new Trapeze.Message(m.src(), m.control(), m.payload());
    }
}
