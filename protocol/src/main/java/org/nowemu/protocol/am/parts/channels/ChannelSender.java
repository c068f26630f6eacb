package org.nowemu.protocol.am.parts.channels;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.am.AmError;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.parts.endpoints.EndpointFrame;
import org.nowemu.protocol.am.parts.endpoints.EndpointTable;
import org.nowemu.protocol.am.parts.restart.Incarnations;
import org.nowemu.protocol.am.parts.restart.Lives;
import org.nowemu.protocol.am.parts.sendpath.SendPath;
import org.nowemu.protocol.am.wire.Header;
import org.nowemu.protocol.parts.routing.RoutingTable;

/**
 * The sending side of the stop-and-wait channels: a message takes a free channel of its kind to its destination
 * (or waits for one) and stays on it, with its alternating bit and epoch, until a positive ACK frees the channel
 * for the next with the other bit. A NACK (the receiver had no room) sends the packet again after a back-off that
 * doubles with each NACK in a row; silence sends it again at the coarse timer ({@link RetransmissionTimer}), and
 * after max-retries silent resends it goes back to its sender as unreachable. An ACK with an error status returns
 * the message with that error. A message that waits for a channel spends its retries while it waits.
 *
 * <p>Inputs: messages to send ({@link #send}), ACKs and NACKs ({@link #onAnswer}), a NACK's back-off ending
 * ({@link #onResend}), the timer's verdicts ({@link RetransmissionTimer.Expiry}), a route removed
 * ({@link #unroutable}), a receiver that restarted ({@link #refused}). Outputs: packets to the {@link SendPath},
 * messages returned to their senders ({@link Returns}), endpoints whose packet was acknowledged (progress, for
 * paging). Counters: {@code vn.channel_waits}, {@code vn.stale_acks}, {@code vn.nacks_received},
 * {@code vn.retransmissions}, {@code vn.expired_waiting}, {@code vn.taken_back}.
 */
public final class ChannelSender implements RetransmissionTimer.Expiry {
    /**
     * @param k                  channels per destination for requests, and as many for replies
     * @param quantumPs          the retransmission timer's period (ps): a NACK's back-off never exceeds it
     * @param timeoutTicks       ticks a silent packet waits before it goes again
     * @param nackBackoffPs      the first back-off after a NACK (ps)
     * @param maxRetries         silent resends before a message is returned as unreachable
     * @param reliableSendCycles finding a channel, its sequence number, keeping the packet (LANai cycles)
     * @param ackReceiveCycles   handling an ACK or NACK (LANai cycles)
     */
    public record Settings(int k, long quantumPs, int timeoutTicks, long nackBackoffPs, int maxRetries,
                           int reliableSendCycles, int ackReceiveCycles) {
    }

    /** Where a message goes back to its sender: {@code h}, on its way to {@code dest}, comes back with {@code why}. */
    @FunctionalInterface
    public interface Returns {
        void returned(Header h, int dest, AmError why);
    }

    /** The timer tag that brings a NACKed packet's back-off end back to the firmware. */
    @FunctionalInterface
    public interface ResendTag {
        Object tag(int dest, int channel, Header packet);
    }

    /**
     * What taking an endpoint's packets back from the channels gave: the messages (NACKed packets and messages that
     * waited for a channel) and the channels it freed, whose waiting messages may now go ({@link #serve}).
     */
    public record TakenBack(List<Doorbell.Send> messages, List<Freed> freed) {
    }

    /** A channel of kind {@code reply} to {@code dest} that became free. */
    public record Freed(int dest, boolean reply) {
    }

    private final NicContext nic;
    private final Settings s;
    private final SendChannels channels;
    private final RoutingTable routes;
    private final EndpointTable endpoints;
    private final SendPath path;
    private final Lives lives;
    private final RetransmissionTimer timer;
    private final Returns returns;
    private final Consumer<EndpointFrame> acked;
    private final ResendTag resendTag;

    public ChannelSender(NicContext nic, Settings settings, SendChannels channels, RoutingTable routes,
                         EndpointTable endpoints, SendPath path, Lives lives, RetransmissionTimer timer,
                         Returns returns, Consumer<EndpointFrame> acked, ResendTag resendTag) {
        this.nic = nic;
        this.s = settings;
        this.channels = channels;
        this.routes = routes;
        this.endpoints = endpoints;
        this.path = path;
        this.lives = lives;
        this.timer = timer;
        this.returns = returns;
        this.acked = acked;
        this.resendTag = resendTag;
    }

    /** SRAM the send and receive channel tables take for {@code nics} NICs (bytes): 20 a channel entry. */
    public static long sramBytes(int nics, int k) {
        return (long) nics * 2 * k * 20;
    }

    /** The channel table, for tests and for what a NIC that loses power holds. */
    public SendChannels channels() {
        return channels;
    }

    /** Sends DATA {@code h} (from send-queue entry {@code origin}) on a free channel, or makes it wait for one. */
    public void send(int dest, Header h, byte[] route, Doorbell.Send origin) {
        nic.cycles(s.reliableSendCycles());
        Channel ch = channels.free(dest, origin.reply());
        if (ch == null) {
            nic.counter("vn.channel_waits").increment();
            channels.waiting(dest, origin.reply()).add(new SendChannels.Waiting(h, route, origin, nic.now()));
            return;
        }
        path.send(occupy(dest, ch, h, route, origin), route, dest, ch);
    }

    private Header occupy(int dest, Channel ch, Header h, byte[] route, Doorbell.Send origin) {
        Header on = lives.toward(h.withChannel(ch.number, ch.seq, ch.epoch, 0), dest, nic.nic());
        ch.route = route;
        ch.origin = origin;
        channels.occupy(dest, ch);
        ch.packet = on;
        timer.start();
        return on;
    }

    /** An ACK or NACK from the packet's destination. */
    public void onAnswer(Header a) {
        nic.cycles(s.ackReceiveCycles());
        int dest = a.srcNic();
        Channel ch = channels.get(dest, a.channel());
        if (ch == null || !ch.busy || ch.seq != a.seq() || ch.epoch != a.epoch() || a.peerBoot() != lives.boot()) {
            nic.counter("vn.stale_acks").increment();
            return;
        }
        if (a.boot() != ch.packet.peerBoot()) {
            // From another life of the receiver than the packet was meant for.
            if (a.type() == Header.ACK && a.status() == AmError.UNREACHABLE.code()
                    && Incarnations.newer(a.boot(), ch.packet.peerBoot())) {
                refused(dest, a.boot());
            } else {
                nic.counter("vn.stale_acks").increment();
            }
            return;
        }
        if (a.type() == Header.NACK) {
            nic.counter("vn.nacks_received").increment();
            if (a.timestamp() == ch.stamp && !ch.resendQueued) {
                // The latest transmission was refused for lack of room: the receiver is there. Send it again after a
                // back-off that doubles with each NACK in a row (up to the timer quantum), not at the coarse tick.
                ch.nacked = true;
                ch.retries = 0;
                long backoff = Math.min(s.quantumPs(), s.nackBackoffPs() << Math.min(ch.nacksInRow, 20));
                ch.nacksInRow++;
                nic.timer(backoff, resendTag.tag(dest, ch.number, ch.packet));
            }
            return;
        }
        Header sent = ch.packet;
        channels.release(dest, ch);
        EndpointFrame from = endpoints.get(sent.srcEp());
        if (from != null && a.status() == 0) {
            acked.accept(from);
        }
        if (a.status() != 0) {
            returns.returned(sent, dest, AmError.of(a.status()));
        }
        serveWaiting(dest, sent.reply());
    }

    /**
     * NIC {@code dest} has restarted as incarnation {@code newBoot} and refused a packet meant for its previous
     * life: every packet this NIC still has for that life would be refused too, so each goes back to its sender now
     * as unreachable, its channel reset to a new epoch, and messages waiting for the channel take it, stamped for
     * the new life.
     */
    public void refused(int dest, int newBoot) {
        lives.peers().learn(dest, newBoot);
        for (Channel ch : channels.of(dest)) {
            if (ch.busy && ch.packet.peerBoot() != lives.peers().known(dest)) {
                Header h = ch.packet;
                channels.reset(dest, ch);
                returns.returned(h, dest, AmError.UNREACHABLE);
                serveWaiting(dest, h.reply());
            }
        }
    }

    /** A NACKed packet's back-off is over: send it again if it is still the one on its channel. */
    public void onResend(int dest, int channel, Header packet) {
        Channel ch = channels.get(dest, channel);
        if (ch == null || !ch.busy || ch.packet != packet || !ch.nacked) {
            return;
        }
        again(dest, ch);
    }

    @Override
    public void resend(int dest, Channel ch) {
        again(dest, ch);
    }

    @Override
    public void giveUp(int dest, Channel ch) {
        Header h = ch.packet;
        channels.reset(dest, ch);
        returns.returned(h, dest, AmError.UNREACHABLE);
        serveWaiting(dest, h.reply());
    }

    /** Queues the channel's packet for another transmission, over the current route if there is one. */
    private void again(int dest, Channel ch) {
        ch.nacked = false;
        ch.ticks = 0;
        ch.resendQueued = true;
        nic.counter("vn.retransmissions").increment();
        byte[] route = routes.route(dest) != null ? routes.route(dest) : ch.route;
        path.resend(ch.packet, route, dest, ch);
    }

    /**
     * A channel of the kind to {@code dest} is free: the first waiting message takes it, with the timeouts it
     * waited counted as retries it has used ({@link SendChannels#timeoutsWaited}); one that waited through all of
     * them (more than max-retries timeouts) goes back to its sender as unreachable, as it would have on a channel
     * of its own, and the next one is served.
     */
    public void serveWaiting(int dest, boolean reply) {
        ArrayDeque<SendChannels.Waiting> w = channels.waiting(dest, reply);
        long timeout = (long) s.timeoutTicks() * s.quantumPs();
        for (SendChannels.Waiting next = w.poll(); next != null; next = w.poll()) {
            long used = SendChannels.timeoutsWaited(next, nic.now(), timeout);
            if (used > s.maxRetries()) {
                nic.counter("vn.expired_waiting").increment();
                returns.returned(next.header(), dest, AmError.UNREACHABLE);
                continue;
            }
            Channel free = channels.free(dest, reply);
            Header on = occupy(dest, free, next.header(), next.route(), next.origin());
            free.retries = (int) used;
            path.queue(on, next.route(), dest, free);
            return;
        }
    }

    /**
     * The route to {@code dest} was removed (the mapper no longer finds that NIC): the packets on its channels and
     * the messages waiting for one go back to their senders as unreachable now, instead of being sent again over the
     * stale route until max-retries; each of those channels starts a new epoch, as after max-retries. Packets on
     * channels first (in channel order), then waiting requests, then waiting replies, each in order.
     */
    public void unroutable(int dest) {
        if (!channels.active.contains(dest)) {
            return;
        }
        List<Header> back = new ArrayList<>();
        for (Channel ch : channels.of(dest)) {
            if (ch.busy) {
                back.add(ch.packet);
                channels.reset(dest, ch);
            }
        }
        for (boolean reply : new boolean[] {false, true}) {
            for (SendChannels.Waiting w = channels.waiting(dest, reply).poll(); w != null;
                    w = channels.waiting(dest, reply).poll()) {
                back.add(w.header());
            }
        }
        for (Header h : back) {
            returns.returned(h, dest, AmError.UNREACHABLE);
        }
    }

    /** Whether a packet of endpoint {@code endpoint} is on a channel, waiting for its ACK. */
    public boolean inFlight(int endpoint) {
        for (int dest : channels.active) {
            for (Channel ch : channels.of(dest)) {
                if (ch.busy && ch.packet.srcEp() == endpoint) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Takes endpoint {@code endpoint}'s messages off the channels, if every packet of its on a channel has its latest
     * transmission NACKed (the receiver never accepted it): each channel is free again with the bit the receiver
     * still expects. Its messages waiting for a channel come too. Null, taking nothing, if one of its packets may
     * still be accepted (no answer yet, or a retransmission queued after the NACK).
     */
    public TakenBack takeBack(int endpoint) {
        List<int[]> nacked = new ArrayList<>();
        for (int dest : channels.active) {
            for (Channel ch : channels.of(dest)) {
                if (ch.busy && ch.packet.srcEp() == endpoint) {
                    if (!ch.nacked || ch.resendQueued) {
                        return null;
                    }
                    nacked.add(new int[] {dest, ch.number});
                }
            }
        }
        List<Doorbell.Send> back = new ArrayList<>();
        List<Freed> freed = new ArrayList<>();
        for (int[] dc : nacked) {
            Channel ch = channels.get(dc[0], dc[1]);
            back.add(ch.origin);
            channels.takeBack(dc[0], ch);
            nic.counter("vn.taken_back").increment();
            freed.add(new Freed(dc[0], dc[1] >= s.k()));
        }
        for (SendChannels.Waiting w : channels.takeWaiting(endpoint)) {
            back.add(w.origin());
        }
        return new TakenBack(back, freed);
    }

    /** The channels {@code t} freed may carry messages of other endpoints that wait for them. */
    public void serve(TakenBack t) {
        for (Freed f : t.freed()) {
            serveWaiting(f.dest(), f.reply());
        }
    }

    /** Removes endpoint {@code endpoint}'s messages waiting for a channel (its process died). */
    public List<SendChannels.Waiting> takeWaiting(int endpoint) {
        return channels.takeWaiting(endpoint);
    }
}
