package org.nowemu.protocol.parts.reliability;

import java.util.ArrayList;
import java.util.List;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.parts.credits.CreditTable;
import org.nowemu.protocol.parts.reliability.RelFrame.Kind;
import org.nowemu.protocol.parts.reliability.RetransmitSender.Kept;

/**
 * The NIC's side of a stack's reliability choice, one interface for all of them, so a control program composes
 * the choice without knowing which it is. Inputs: a data packet the firmware is about to send ({@link #maySend},
 * {@link #data}), a received body ({@link #receive}) and whether the host has room for it ({@link #admit}), a
 * packet taken out of SRAM ({@link #freed}), timer events ({@link #onTimer}). Outputs, through the firmware's
 * {@link Link}: frames to transmit (ACKs, NACKs, credits, resends), "packets may go again", packets given up.
 *
 * <ul>
 *   <li>{@code none}: bodies as they are; no room, discard.</li>
 *   <li>{@code backpressure}: bodies as they are; no room, hold the packet in SRAM without posting its receive
 *       buffer again, so the receive DMA stops draining the link once all are held and STOP holds the sender.</li>
 *   <li>{@code nic-credits}: DATA frames; a sender spends a credit of the destination's (its SRAM buffers set
 *       aside for this sender); no room, hold; when a held packet leaves SRAM the receiver owes a credit and
 *       returns them in a CREDIT frame at the threshold. The receiver posts {@code credits} buffers per sender.</li>
 *   <li>{@code host-credits}: DATA frames (the source is needed for the host's returns); the host library spends
 *       and returns credits ({@code parts/credits}); its returns cross as CREDIT frames the NIC sends for it
 *       ({@link #hostCredits}) and hands up on arrival. No room cannot happen while the hosts keep to their credits.</li>
 *   <li>{@code alternating-bit}, {@code ack-nack}: DATA frames numbered and kept ({@link RetransmitSender});
 *       admission in order ({@link SequencedReceiver}); new with room: take and ACK; duplicate: ACK again; no room
 *       or out of order: discard and NACK; NACK: go back after the back-off; silence: go back at the timeout,
 *       give up after max-retries (numbering goes on, the next packet marked so the receiver resyncs).</li>
 * </ul>
 *
 * <p>Counters ({@code rel.}): {@code data_sent}, {@code resent}, {@code acks_sent}, {@code nacks_sent},
 * {@code acks}, {@code nacks}, {@code stale_nacks}, {@code duplicates}, {@code discarded.no_room},
 * {@code discarded.out_of_order}, {@code held}, {@code credits_sent}, {@code credit_waits}, {@code timeouts},
 * {@code given_up}.
 */
public final class NicReliability {
    /** What the firmware does for this part. */
    public interface Link {
        /** Sends {@code frame} to {@code dest} now (a control frame or a resend): route, header steps, send DMA. */
        void transmit(int dest, byte[] frame);

        /** Kept packets were freed, or credits came back: packets that waited may go. */
        void mayGo();

        /** Packet {@code token} to {@code dest} is given up: the destination did not answer. */
        void gaveUp(int dest, Object token);
    }

    /** What the receiver does with a data packet. */
    public enum Verdict { TAKE, HOLD, DISCARD }

    /**
     * A received body: a data packet's source (-1 unframed), number, go-back stamp and the system's own body; or a
     * control frame consumed here ({@code hostCredits}: host-level credits from {@code src} for the host).
     */
    public record Received(boolean data, int src, int seq, int stamp, byte[] body, int hostCredits, boolean resync) {
        public Received(boolean data, int src, int seq, int stamp, byte[] body, int hostCredits) {
            this(data, src, seq, stamp, body, hostCredits, false);
        }
    }

    private record Tick(int dest) {
    }

    private record GoBack(int dest) {
    }

    private final Reliability choice;
    private final ReliabilitySettings s;
    private final NicContext nic;
    private final Link link;
    private final RetransmitSender sender;
    private final SequencedReceiver receiver;
    private final CreditTable credits;

    public NicReliability(Reliability choice, ReliabilitySettings s, NicContext nic, int hosts, Link link) {
        this.choice = choice;
        this.s = s;
        this.nic = nic;
        this.link = link;
        boolean resends = choice.acknowledges();
        boolean bit = choice == Reliability.ALTERNATING_BIT;
        this.sender = resends ? new RetransmitSender(hosts, bit ? 1 : s.window(), bit ? hosts : s.window()) : null;
        this.receiver = resends ? new SequencedReceiver(hosts, choice == Reliability.ALTERNATING_BIT) : null;
        this.credits = choice == Reliability.NIC_CREDITS ? new CreditTable(hosts, s.nicCredits(),
                s.creditThreshold()) : null;
    }

    public Reliability choice() {
        return choice;
    }

    /** Whether data packets carry a {@link RelFrame}. */
    public boolean framed() {
        return choice != Reliability.NONE && choice != Reliability.BACKPRESSURE;
    }

    /** Bytes a packet carries beyond the system's body. */
    public int headerBytes() {
        return framed() ? RelFrame.HEADER_BYTES : 0;
    }

    /** SRAM receive buffers to post: with NIC credits, every sender's share; else the system's own count. */
    public static int receiveBuffers(Reliability c, ReliabilitySettings s, int hosts, int own) {
        return c == Reliability.NIC_CREDITS ? s.nicCredits() * Math.max(1, hosts - 1) : own;
    }

    /** SRAM the choice's tables and kept packets take besides the system's buffers (bytes). */
    public static long sramBytes(Reliability c, ReliabilitySettings s, int hosts, int packetBytes) {
        return switch (c) {
            case ALTERNATING_BIT -> hosts * (12L + packetBytes);
            case ACK_NACK -> 12L * hosts + (long) s.window() * packetBytes;
            case NIC_CREDITS, HOST_CREDITS -> 8L * hosts;
            default -> 0;
        };
    }

    /** Whether a data packet to {@code dest} may be sent now (window, NIC credits). */
    public boolean maySend(int dest) {
        boolean ok = sender != null ? sender.canSend(dest) : credits == null || credits.has(dest);
        if (!ok) {
            nic.counter("rel.credit_waits").increment();
        }
        return ok;
    }

    /** The frame of data packet {@code body} to {@code dest}, numbered, kept or paid for; {@code token} is the
     * firmware's, handed back if the packet is given up. */
    public byte[] data(int dest, byte[] body, Object token) {
        nic.counter("rel.data_sent").increment();
        if (!framed()) {
            return body;
        }
        nic.cycles(s.keepCycles());
        if (sender != null) {
            int[] ns = sender.next(dest);
            byte[] frame = new RelFrame(sender.takeResync(dest) ? Kind.RESYNC : Kind.DATA, ns[1], nic.nic(), ns[0],
                    body).encode();
            sender.keep(dest, frame, token, nic.now());
            arm(dest);
            return frame;
        }
        if (credits != null) {
            credits.take(dest);
        }
        return new RelFrame(Kind.DATA, 0, nic.nic(), 0, body).encode();
    }

    /** A received good body: a data packet, or a control frame handled here (null if malformed). */
    public Received receive(byte[] body) {
        if (!framed()) {
            return new Received(true, -1, 0, 0, body, 0);
        }
        RelFrame f = RelFrame.decode(body);
        if (f == null) {
            return null;
        }
        if (f.kind().data()) {
            return new Received(true, f.src(), f.seq(), f.value(), f.payload(), 0, f.kind() == Kind.RESYNC);
        }
        nic.cycles(s.controlCycles());
        switch (f.kind()) {
            case ACK -> onAck(f);
            case NACK -> onNack(f);
            default -> {
                nic.counter("rel.credits_received").increment();
                if (credits != null) {
                    credits.give(f.src(), f.value());
                    link.mayGo();
                } else {
                    return new Received(false, f.src(), 0, 0, null, f.value());
                }
            }
        }
        return new Received(false, f.src(), 0, 0, null, 0);
    }

    /** What to do with data packet {@code r}, the host having {@code room} for it now; answers it if need be. */
    public Verdict admit(Received r, boolean room) {
        if (receiver == null) {
            if (room) {
                return Verdict.TAKE;
            }
            if (choice == Reliability.BACKPRESSURE || choice == Reliability.NIC_CREDITS) {
                nic.counter("rel.held").increment();
                return Verdict.HOLD;
            }
            nic.counter("rel.discarded.no_room").increment();
            return Verdict.DISCARD;
        }
        nic.cycles(s.keepCycles());
        if (r.resync()) {
            receiver.resync(r.src(), r.seq());
        }
        switch (receiver.admit(r.src(), r.seq())) {
            case DUPLICATE -> {
                nic.counter("rel.duplicates").increment();
                answer(Kind.ACK, r.src(), 0, receiver.expected(r.src()) - 1);
                return Verdict.DISCARD;
            }
            case OUT_OF_ORDER -> {
                nic.counter("rel.discarded.out_of_order").increment();
                answer(Kind.NACK, r.src(), r.stamp(), receiver.expected(r.src()));
                return Verdict.DISCARD;
            }
            default -> {
                if (!room) {
                    nic.counter("rel.discarded.no_room").increment();
                    answer(Kind.NACK, r.src(), r.stamp(), r.seq());
                    return Verdict.DISCARD;
                }
                receiver.taken(r.src(), r.seq());
                answer(Kind.ACK, r.src(), 0, r.seq());
                return Verdict.TAKE;
            }
        }
    }

    /** A packet from {@code src} taken or held has left SRAM: with NIC credits the sender's buffer is free again. */
    public void freed(int src) {
        if (credits == null || src < 0) {
            return;
        }
        int n = credits.consumed(src);
        if (n > 0) {
            nic.counter("rel.credits_sent").increment();
            link.transmit(src, RelFrame.control(Kind.CREDIT, n, nic.nic(), 0).encode());
        }
    }

    /** The host returns {@code n} host-level credits to {@code dest}: a CREDIT frame. */
    public void hostCredits(int dest, int n) {
        nic.counter("rel.credits_sent").increment();
        link.transmit(dest, RelFrame.control(Kind.CREDIT, n, nic.nic(), 0).encode());
    }

    private void answer(Kind kind, int dest, int stamp, int seq) {
        nic.counter(kind == Kind.ACK ? "rel.acks_sent" : "rel.nacks_sent").increment();
        link.transmit(dest, RelFrame.control(kind, stamp, nic.nic(), seq).encode());
    }

    private void onAck(RelFrame f) {
        nic.counter("rel.acks").increment();
        if (sender != null && !sender.ack(f.src(), f.seq(), nic.now()).isEmpty()) {
            link.mayGo();
        }
    }

    private void onNack(RelFrame f) {
        nic.counter("rel.nacks").increment();
        if (sender == null) {
            return;
        }
        List<Kept> freed = new ArrayList<>();
        boolean goBack = sender.nack(f.src(), f.seq(), f.value(), nic.now(), freed);
        if (!freed.isEmpty()) {
            link.mayGo();
        }
        if (goBack) {
            nic.timer(s.nackBackoffPs(), new GoBack(f.src()));
        } else {
            nic.counter("rel.stale_nacks").increment();
        }
    }

    /** Every packet kept for resending: its destination and the firmware's token (none without resends). */
    public void forEachKept(java.util.function.BiConsumer<Integer, Object> f) {
        if (sender != null) {
            sender.forEachKept(f);
        }
    }

    /** Whether {@code tag} is one of this part's timers. */
    public boolean owns(Object tag) {
        return tag instanceof Tick || tag instanceof GoBack;
    }

    public void onTimer(Object tag) {
        if (tag instanceof GoBack g) {
            goBack(g.dest());
            return;
        }
        int dest = ((Tick) tag).dest();
        sender.armTimer(dest, false);
        switch (sender.silence(dest, nic.now(), s.timeoutPs(), s.maxRetries())) {
            case GO_BACK -> {
                nic.counter("rel.timeouts").increment();
                goBack(dest);
            }
            case GIVE_UP -> {
                for (Kept k : sender.giveUp(dest)) {
                    nic.counter("rel.given_up").increment();
                    link.gaveUp(dest, k.token());
                }
                link.mayGo();
            }
            default -> { }
        }
        arm(dest);
    }

    private void goBack(int dest) {
        for (Kept k : sender.goBack(dest)) {
            byte[] frame = k.frame().clone();
            frame[1] = (byte) sender.stamp(dest);
            sender.restamped(dest, k, frame);
            nic.counter("rel.resent").increment();
            link.transmit(dest, frame);
        }
    }

    /** Arms the silence timer of {@code dest} if packets are kept and none is armed. */
    private void arm(int dest) {
        if (sender.kept(dest) > 0 && !sender.armTimer(dest, true)) {
            long due = sender.lastHeard(dest) + s.timeoutPs() - nic.now();
            nic.timer(Math.max(1, due), new Tick(dest));
        }
    }
}
