package org.nowemu.protocol.basic;

import java.util.Arrays;
import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.credits.CreditTable;
import org.nowemu.protocol.parts.host.HostOps;
import org.nowemu.protocol.parts.host.RingProcess;
import org.nowemu.protocol.parts.ledger.MessageIds;
import org.nowemu.protocol.parts.reliability.Reliability;
import org.nowemu.protocol.parts.staging.StagingArea;
import org.nowemu.protocol.parts.steps.HostSteps;

/**
 * A process on the basic protocol: the host library (survey §1.4-1.5) and the program that uses it. Send: if the
 * descriptor at the send ring's tail is not known to be free, read its free flag across the bus (and again, busy
 * waiting, while it is not); copy the packet into the descriptor's buffer of the DMA area; write the descriptor
 * (destination, size, offset, ready flag last) by programmed I/O. Poll: look at the next receive buffer's arrival
 * flag in cached memory; for each packet there run the handler, clear the flag and give the buffer back to the
 * NIC by writing its receive-ring descriptor. The protocol promises nothing, and the ledger knows it: each packet
 * is entered as sent without a promise, so one the receiving NIC drops is counted as dropped, not lost. A stack
 * whose reliability choice resends (alternating bit, ACK/NACK) promises delivery: its packets are entered as sent,
 * and one its NIC gives up comes back as returned. With host-level credits the library spends a credit of the
 * destination's per packet (waiting, and polling meanwhile, while it has none) and returns one per packet it
 * handled, in batches, through its NIC.
 *
 * <p>Counters: {@code basic.sent}, {@code basic.handled}, {@code basic.flag_reads} (PIO reads of a send descriptor's
 * free flag), {@code basic.ring_full} (reads that found it still in use), {@code basic.polls},
 * {@code basic.empty_polls}, {@code basic.credit_waits}, {@code basic.credits_returned}, {@code basic.given_up}.
 */
public final class BasicProcess extends RingProcess {
    private final BasicSettings s;
    private final HostSteps c;
    private final BasicProgram program;
    private final int[] sentTo;
    /** Whose messages the ledger's ids say these are: the basic protocol's, or PM's or Hamlyn's over its program. */
    private final IdSystem ids;
    /** Host-level credits, or null. */
    private final CreditTable credits;
    private PacketHandler handler = (src, data) -> { };

    public BasicProcess(HardwareProfile profile, NicParts nic, int hosts, BasicSettings settings,
                        BasicProgram program) {
        this(profile, nic, hosts, settings, program, IdSystem.BASIC);
    }

    /** A process of system {@code ids} (PM, Hamlyn) run by the basic protocol's library. */
    public BasicProcess(HardwareProfile profile, NicParts nic, int hosts, BasicSettings settings,
                        BasicProgram program, IdSystem ids) {
        super(profile, nic, hosts, settings.host(), "basic", "ring_full", settings.sendRing(),
                new StagingArea("h" + nic.nic() + " receive buffers", settings.recvRing()));
        this.ids = ids;
        this.s = settings;
        this.c = settings.host();
        this.program = program;
        this.sentTo = new int[hosts];
        this.credits = settings.reliability() == Reliability.HOST_CREDITS ? hostCredits(settings, hosts) : null;
    }

    /** Each sender's share of a receiver's host buffers, returned when half of it is owed. */
    static CreditTable hostCredits(BasicSettings s, int hosts) {
        int share = s.recvRing() / Math.max(1, hosts - 1);
        return new CreditTable(hosts, share, Math.max(1, share / 2));
    }

    @Override
    @continuable
    protected void program() {
        ops().cycles(c.call());
        ops().pioWrite(2, new BasicWire.Init());
        program.run(new Basic(this));
    }

    @Override
    protected void onOtherMemory(Object written) {
        if (written instanceof BasicWire.CreditsBack cb) {
            credits.give(cb.src(), cb.n());
        } else if (written instanceof BasicWire.AreaWrite) {
            return; // data at its offset of the message area: the notification entry that follows announces it
        } else if (written instanceof BasicWire.GivenUp g) {
            stat("basic.given_up").increment();
            book().returned(MessageIds.of(ids, host(), g.dest(), g.seq()), clock(), "unreachable");
        }
    }

    BasicSettings settings() {
        return s;
    }

    void handler(PacketHandler h) {
        handler = h;
    }

    @continuable
    void send(int dest, byte[] data) {
        send(new int[] {dest}, data);
    }

    /** PM's multisend: one packet in the send area, which the NIC sends to each of {@code dests} in turn. */
    @continuable
    void multisend(int[] dests, byte[] data) {
        if (!s.variant().multisend()) {
            throw new IllegalStateException(s.name() + ": this system's NIC has no multisend");
        }
        if (dests.length == 0 || dests.length > s.maxPayload()) {
            throw new IllegalArgumentException(s.name() + ": a multisend to " + dests.length + " destinations");
        }
        send(dests, data);
    }

    @continuable
    private void send(int[] dests, byte[] data) {
        for (int dest : dests) {
            if (dest < 0 || dest >= hosts() || dest == host()) {
                throw new IllegalArgumentException(s.name() + ": no destination " + dest + " (hosts 0.."
                        + (hosts() - 1) + ", not this one, " + host() + ")");
            }
        }
        if (data.length > s.maxPayload()) {
            throw new IllegalArgumentException(s.name() + ": a packet holds at most " + s.maxPayload()
                    + " bytes, got " + data.length + ": fragment the data");
        }
        HostOps ops = ops();
        ops.cycles(c.call());
        awaitSendEntry();
        if (credits != null) {
            for (int dest : dests) {
                while (!credits.has(dest)) {
                    stat("basic.credit_waits").increment();
                    if (poll() == 0 && !credits.has(dest)) {
                        idle(() -> credits.has(dest) || recv.ready(), ops.cyclesPs(c.call()) + ops.pollHitPs(),
                                Long.MAX_VALUE);
                    }
                }
                ops.cycles(c.credit());
                credits.take(dest);
            }
        }
        boolean pio = data.length <= s.variant().pioMax();
        if (s.variant().copyOnSend() && !pio) {
            ops.memcpy(data.length);
        }
        int index = sendTail.claim();
        int[] seqs = new int[dests.length];
        for (int i = 0; i < dests.length; i++) {
            seqs[i] = sentTo[dests[i]]++;
            long id = MessageIds.of(ids, host(), dests[i], seqs[i]);
            if (s.reliability().recovers()) {
                book().sent(id, clock(), MessageIds.address(dests[i]));
            } else {
                book().sentWithoutPromise(id, clock(), MessageIds.address(dests[i]));
            }
            stat("basic.sent").increment();
        }
        // One destination number more per extra destination of a multisend; the bytes themselves for a PIO send.
        ops.cycles(c.packet() + (long) c.loop() * (dests.length - 1));
        int words = s.descriptorWords() + dests.length - 1 + (pio ? HostOps.words(0, data.length) : 0);
        ops.pioWrite(words, dests.length > 1 ? new BasicWire.MultiPost(index, Arrays.copyOf(dests, dests.length), seqs, Arrays.copyOf(data, data.length))
                : pio ? new BasicWire.PioPost(index, dests[0], seqs[0], Arrays.copyOf(data, data.length))
                : new BasicWire.Post(index, dests[0], seqs[0], Arrays.copyOf(data, data.length)));
    }

    @continuable
    int poll() {
        HostOps ops = ops();
        startPoll();
        int handled = 0;
        while (arrived()) {
            int slot = recv.take();
            BasicWire.Header h = BasicWire.decode(recv.content(slot));
            handled(MessageIds.of(ids, h.src(), host(), h.seq()));
            handler.handle(h.src(), h.payload());
            giveBack(slot, s.returnWords(), new BasicWire.Return(slot));
            if (credits != null) {
                ops.cycles(c.credit());
                int n = credits.consumed(h.src());
                if (n > 0) {
                    stat("basic.credits_returned").increment();
                    ops.pioWrite(2, new BasicWire.Credits(h.src(), n));
                }
            }
            handled++;
            sync();
        }
        if (handled == 0) {
            stat("basic.empty_polls").increment();
        }
        return handled;
    }

    @continuable
    void pollUntil(BooleanSupplier done, long deadline) {
        long iteration = ops().cyclesPs(c.call()) + ops().pollHitPs();
        while (!done.getAsBoolean() && clock() < deadline) {
            if (poll() == 0) {
                idle(recv::ready, iteration, deadline);
            }
        }
    }
}
