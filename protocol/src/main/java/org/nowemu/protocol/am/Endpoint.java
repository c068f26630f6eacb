package org.nowemu.protocol.am;

import java.util.ArrayDeque;
import java.util.Arrays;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.actors.runtime.LedgerBook;
import org.nowemu.actors.runtime.LedgerIds;
import org.nowemu.protocol.nic.Doorbell;
import org.nowemu.protocol.nic.HostEntry;
import org.nowemu.protocol.parts.ledger.MessageIds;
import org.nowemu.protocol.stack.StackSettings;

/**
 * An AM-II endpoint as its process sees it: its name and tag, its translation table (index -> destination
 * endpoint and tag), its handler table, its error handler, its bulk region, its credits, and its receive
 * queues in host memory (the NIC writes them by DMA). Sending writes an entry into the endpoint's send queue on
 * the NIC by programmed I/O; receiving happens in {@link #poll} (or {@link Am#poll}), which runs the handlers.
 * Only the owning process may use it: a call from another program is refused with {@link AmError#BAD_ENDPOINT}.
 */
public final class Endpoint {
    private final AmProcess process;
    private final StackSettings s;
    final int index;
    private final EndpointName name;
    private final int tag;
    private final boolean privileged;
    private final EndpointName[] map;
    private final int[] mapTag;
    private final Handler[] handlers;
    private ErrorHandler errorHandler;
    private byte[] segment = new byte[0];
    private int credits;
    /** The bits this stack's endpoint indices take in a ledger id, beside the sequence. */
    private final int idBits;
    /** Messages sent to each destination host so far, by host: the sequence of their ledger ids. */
    private int[] sentTo = new int[0];
    final ArrayDeque<HostEntry.Delivery> requests = new ArrayDeque<>();
    final ArrayDeque<HostEntry.Delivery> replies = new ArrayDeque<>();
    final ArrayDeque<HostEntry> privilegedEntries = new ArrayDeque<>();
    /** Mapped onto a NIC frame: writes go to the NIC; otherwise the next write faults. */
    boolean resident;
    /** The driver has created it. */
    boolean created;
    /** Posts of the endpoint's semaphore not yet taken by {@link #waitEvent}. */
    int posts;

    Endpoint(AmProcess process, StackSettings s, int index, int tag, boolean privileged) {
        this.process = process;
        this.s = s;
        this.index = index;
        this.name = new EndpointName(process.host(), index);
        this.tag = tag;
        this.privileged = privileged;
        this.map = new EndpointName[s.translations()];
        this.mapTag = new int[s.translations()];
        this.handlers = new Handler[s.handlers()];
        this.credits = s.credits();
        this.idBits = MessageIds.endpointBits(s.maxEndpoints());
    }

    public EndpointName name() {
        return name;
    }

    public int tag() {
        return tag;
    }

    /** Requests that may still be sent before a reply comes back (K at most). */
    public int credits() {
        return credits;
    }

    /** Sets translation entry {@code index} to the endpoint {@code dest} with its tag {@code destTag}. */
    @continuable
    public void map(int index, EndpointName dest, int destTag) {
        process.owns(this);
        if (index < 0 || index >= map.length || dest == null) {
            throw new AmException(AmError.BAD_ENTRY, "translation index " + index + " of " + name + " (0.."
                    + (map.length - 1) + ")");
        }
        if (dest.nic() < 0 || dest.nic() >= LedgerIds.MAX_HOSTS) {
            throw new AmException(AmError.BAD_ENTRY, "NIC " + dest.nic() + " in translation index " + index + " of "
                    + name + ": no cluster has it (0.." + (LedgerIds.MAX_HOSTS - 1) + ")");
        }
        map[index] = dest;
        mapTag[index] = destTag;
        process.pio(this, 4, new Doorbell.Map(this.index, index, dest.nic(), dest.endpoint(), destTag));
    }

    /** Registers {@code handler} under {@code index}. */
    public void setHandler(int index, Handler handler) {
        process.owns(this);
        handlerIndex(index);
        handlers[index] = handler;
    }

    /** The handler for this endpoint's messages that come back undelivered. */
    public void setErrorHandler(ErrorHandler handler) {
        process.owns(this);
        errorHandler = handler;
    }

    /** Gives the endpoint a bulk region of {@code length} bytes in host memory, where bulk transfers land. */
    @continuable
    public void setSegment(int length) {
        process.owns(this);
        if (length < 0) {
            throw new AmException(AmError.BAD_ARGUMENTS, "segment length " + length);
        }
        segment = new byte[length];
        process.region(this, length);
        process.pio(this, 2, new Doorbell.Segment(index, length));
    }

    /** The bulk region (host memory of this process). */
    public byte[] segment() {
        process.owns(this);
        return segment;
    }

    /** A short request of {@code args} words to translation entry {@code index}, for its handler {@code handler}. */
    @continuable
    public void request(int index, int handler, int... args) {
        requestMedium(index, handler, new byte[0], args);
    }

    /** A medium request: {@code data} is copied once into the staging area; the receiver's handler reads it there. */
    @continuable
    public void requestMedium(int index, int handler, byte[] data, int... args) {
        request(index, handler, data, -1, args);
    }

    /** A bulk transfer: {@code data} lands at {@code offset} of the destination's region, then its handler runs. */
    @continuable
    public void requestBulk(int index, int handler, byte[] data, int offset, int... args) {
        if (offset < 0) {
            throw new AmException(AmError.BAD_SEGMENT_OFFSET, "offset " + offset);
        }
        request(index, handler, data, offset, args);
    }

    @continuable
    private void request(int index, int handler, byte[] data, int offset, int[] args) {
        process.owns(this);
        if (index < 0 || index >= map.length || map[index] == null) {
            throw new AmException(AmError.BAD_ENTRY, "translation index " + index + " of " + name + " is not mapped");
        }
        if (credits == 0) {
            process.pollUntil(() -> credits > 0);
        }
        send(false, index, map[index], mapTag[index], handler, args, data, offset, 0, -1);
        credits--;
    }

    /**
     * Turns the endpoint's events on or off: with them on, a message landing in an empty receive queue makes the
     * NIC interrupt the host, and the kernel posts the endpoint's semaphore ({@link #waitEvent}).
     */
    @continuable
    public void setEvents(boolean on) {
        process.owns(this);
        process.pio(this, 1, new Doorbell.Events(index, on));
    }

    /**
     * Waits on the endpoint's semaphore: returns at once if it has been posted since the last wait, else blocks
     * the thread (its CPU free for others) until it is. Then poll: the semaphore says only that something came.
     */
    @continuable
    public void waitEvent() {
        process.owns(this);
        process.waitFor(this);
    }

    /**
     * One round of an event-driven server: waits on the semaphore, turns events off, polls until the queues are
     * empty, turns events on again and polls once more (a message may have landed in between without an
     * interrupt; the NIC also interrupts at once if entries wait when events go on). Events must be on before the
     * first round. Returns the messages handled.
     */
    @continuable
    public int awaitAndDrain() {
        waitEvent();
        setEvents(false);
        int handled = 0;
        for (int n = poll(); n > 0; n = poll()) {
            handled += n;
        }
        setEvents(true);
        return handled + poll();
    }

    /** Polls this endpoint only: runs the handlers of what has arrived; returns how many messages it handled. */
    @continuable
    public int poll() {
        process.owns(this);
        return process.poll(this);
    }

    /**
     * Writes a send-queue entry. {@code returning} is the id of a request this sends back to its sender as
     * returned with {@code error} (the library's bounce), or -1: a bounce is not a message of its own in the ledger
     * but the way the request comes back, so it travels under the request's id.
     */
    @continuable
    void send(boolean reply, int index, EndpointName dest, int destTag, int handler, int[] args, byte[] data,
              int offset, int error, long returning) {
        handlerIndex(handler);
        if (args == null || args.length > s.maxArgs()) {
            throw new AmException(AmError.BAD_ARGUMENTS, (args == null ? "no" : args.length)
                    + " argument words (0.." + s.maxArgs() + ")");
        }
        if (data == null || data.length > s.maxMedium()) {
            throw new AmException(AmError.BAD_LENGTH, (data == null ? "no data" : data.length + " bytes")
                    + " (a medium message holds 0.." + s.maxMedium() + ")");
        }
        long id = returning >= 0 ? returning : nextId(dest.nic());
        if (returning < 0) {
            process.book().sent(id, process.clock(), LedgerBook.address(dest.nic(), dest.endpoint()));
        }
        process.chargeSend(reply, data.length);
        process.pio(this, s.host().entryWords() + args.length, new Doorbell.Send(this.index, reply, index,
                dest.nic(), dest.endpoint(), destTag, handler, Arrays.copyOf(args, args.length), Arrays.copyOf(data, data.length), offset, id, error));
        process.stat(reply ? "am.replies_sent" : "am.requests_sent").increment();
    }

    /** The ledger id of this endpoint's next message to host {@code dest}: one count per destination host. */
    private long nextId(int dest) {
        if (dest >= sentTo.length) {
            sentTo = Arrays.copyOf(sentTo, Math.max(dest + 1, Math.min(2 * sentTo.length, LedgerIds.MAX_HOSTS)));
        }
        return MessageIds.of(IdSystem.AM, process.host(), index, idBits, dest, sentTo[dest]++);
    }

    private void handlerIndex(int handler) {
        if (handler < 0 || handler >= handlers.length) {
            throw new AmException(AmError.BAD_HANDLER, "handler index " + handler + " (0.." + (handlers.length - 1)
                    + ")");
        }
    }

    /** Runs the handler for one entry taken from a receive queue. */
    @continuable
    void dispatch(HostEntry.Delivery d) {
        EndpointName from = new EndpointName(d.srcNic(), d.srcEp());
        byte[] data = d.data();
        if (d.offset() >= 0 && d.error() == 0 && !d.returned()) {
            // Bulk: one copy on the receiving side too, from the staging area into the region.
            process.chargeCopy(data.length);
            System.arraycopy(data, 0, segment, d.offset(), data.length);
        }
        Message m = new Message(from, d.handler(), d.args(), data, d.offset(), d.msgId(), d.reply());
        if (d.returned() || d.error() != 0) {
            // Our own request (or reply) back undelivered: a returned request gives its credit back.
            boolean request = d.returned() ? !d.reply() : d.reply();
            if (request) {
                credits++;
            }
            AmError why = AmError.of(d.error());
            process.stat("am.returned." + why.name().toLowerCase()).increment();
            process.book().returned(d.msgId(), process.clock(), why.name());
            if (errorHandler == null) {
                throw new AmException(why, "message " + Long.toHexString(d.msgId()) + " from " + name
                        + " came back undelivered and " + name + " has no error handler");
            }
            // The handler sees the message as it was sent: a request bounced back as a reply is still a request.
            errorHandler.returned(why, new Message(from, d.handler(), d.args(), data, d.offset(), d.msgId(), !request));
            return;
        }
        if (d.reply()) {
            credits++;
        }
        Handler h = handlers[d.handler()];
        Token token = new Token(this, m, d.srcTag());
        if (h == null) {
            process.stat("am.no_handler").increment();
            if (!d.reply()) {
                token.bounce(AmError.BAD_HANDLER);
            }
            return;
        }
        process.stat(d.reply() ? "am.replies_handled" : "am.requests_handled").increment();
        process.book().handled(d.msgId(), LedgerBook.address(name.nic(), name.endpoint()));
        h.handle(token, m);
    }

    // ---- the privileged endpoint of a mapper

    /** Puts a raw packet with an explicit source route on the wire. */
    @continuable
    public void sendRaw(byte[] route, byte[] body) {
        privileged();
        process.pio(this, 2 + (route.length + body.length + 3) / 4, new Doorbell.RawSend(index, Arrays.copyOf(route, route.length), Arrays.copyOf(body, body.length)));
    }

    /**
     * The next raw packet, waiting for one with the thread blocked until virtual time {@code deadline}
     * ({@code Long.MAX_VALUE}: for ever); null if none came by then. Each wake-up by a packet costs an interrupt.
     */
    @continuable
    public HostEntry.Raw receiveRaw(long deadline) {
        privileged();
        return process.awaitRaw(this, deadline);
    }

    HostEntry.Raw takeRaw() {
        for (HostEntry e : privilegedEntries) {
            if (e instanceof HostEntry.Raw r) {
                privilegedEntries.remove(e);
                return r;
            }
        }
        return null;
    }

    boolean hasRaw() {
        for (HostEntry e : privilegedEntries) {
            if (e instanceof HostEntry.Raw) {
                return true;
            }
        }
        return false;
    }

    /** The next raw packet received (and whether it arrived intact), or null if none has arrived by now. */
    @continuable
    public HostEntry.Raw receiveRaw() {
        privileged();
        process.sync();
        for (HostEntry e : privilegedEntries) {
            if (e instanceof HostEntry.Raw r) {
                privilegedEntries.remove(e);
                return r;
            }
        }
        return null;
    }

    /** Writes the NIC's routing-table entry for {@code nic} (null: no route). */
    @continuable
    public void writeRoute(int nic, byte[] route) {
        privileged();
        process.pio(this, 2 + (route == null ? 0 : (route.length + 3) / 4),
                new Doorbell.RouteWrite(index, nic, route == null ? null : Arrays.copyOf(route, route.length)));
    }

    /** Reads the NIC's routing-table entry for {@code nic}: the NIC DMAs it to host memory. */
    @continuable
    public byte[] readRoute(int nic) {
        privileged();
        process.pio(this, 2, new Doorbell.RouteRead(index, nic));
        while (true) {
            for (HostEntry e : privilegedEntries) {
                if (e instanceof HostEntry.Route r && r.nic() == nic) {
                    privilegedEntries.remove(e);
                    return r.route();
                }
            }
            process.awaitEntry();
        }
    }

    private void privileged() {
        process.owns(this);
        if (!privileged) {
            throw new AmException(AmError.BAD_ENDPOINT, name + " is not a privileged endpoint");
        }
    }

    @Override
    public String toString() {
        return name.toString();
    }
}
