package org.nowemu.protocol.parts.staged;

import java.util.ArrayDeque;
import java.util.Iterator;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.parts.dma.HostDmas;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.parts.steps.FirmwareSteps;

/**
 * The staged-DMA send path a NIC control program composes: a message in (a descriptor the firmware took from its
 * ring), its bytes DMA'd from host memory into one of a few SRAM send buffers, the packet (or one copy per
 * destination) queued on the send DMA, and a completion out when its tail has left. With two or more buffers the
 * next message's fetch runs while this one is on the wire.
 *
 * <p>Ports. In: {@link #add} (a message), {@link #pump} (look again: a buffer, a translation or a window may have
 * come), {@link #fetched} (the host DMA engine's end of a fetch), {@link #sent} (the send DMA's end of a packet),
 * {@link #control} (a packet of the firmware's own, an ACK or a resend, that shares the send DMA). Out: the
 * {@link Dma} port (host-to-SRAM transfers), the wire ({@link NicContext#transmit}), and {@link Messages#left}.
 * What a message is, where it goes and what its packet holds is the system's ({@link Messages}); the variants are
 * the part's {@link Options}: packets in ring order (store-and-forward behind the head) or each as soon as it is
 * staged (pipelined), whether a message the host wrote into SRAM by PIO (below the system's threshold) still takes a
 * send buffer, and fetches cut at host page boundaries. Page-sized frames are the system's cut: one message per
 * page.
 *
 * <p>Costs are the shared firmware steps: a {@code dma} step to start each fetch; per packet a {@code route} lookup
 * (all of a message's copies first), then {@code header} and {@code dma} to start the send (or the three as one
 * step).
 */
public final class StagedSend<T> implements HostDmas.Client<StagedSend.Slot<T>> {
    /** What the system decides about each message. */
    public interface Messages<T> {
        /** Nothing to fetch: the bytes are in the descriptor, or the host wrote them into SRAM by PIO. */
        int NONE = -1;

        /** Bytes to fetch from host memory by DMA (0 is a fetch too); {@link #NONE} when they are already in SRAM. */
        int fetchBytes(T m);

        /** The NIC the {@code copy}th packet of {@code m} goes to. */
        int dest(T m, int copy);

        /** The packet body of the {@code copy}th packet, built as it is handed to the send DMA. */
        byte[] frame(T m, int copy);

        /** The message has left (every copy's tail), or could not go ({@code sent} false: no route). */
        void left(T m, boolean sent);

        /** Packets of {@code m}: one per destination. */
        default int copies(T m) {
            return 1;
        }

        /** Whether {@code m}'s addresses are translated; false holds it and every later fetch (a miss under way). */
        default boolean translated(T m) {
            return true;
        }

        /** {@code m} has its buffer and its fetch is being started: the moment to number or keep it. */
        default void staging(T m) {
        }

        /** Whether the message at the head may go now (a reliability window); false holds it and those behind. */
        default boolean mayLeave(T m) {
            return true;
        }

        /** Where {@code m}'s bytes start in host memory, for fetches cut at page boundaries ({@link Options#page}). */
        default long address(T m) {
            return 0;
        }

        /** {@code m}'s bytes are all in SRAM (the last fetch is in); it is about to go, if it may. */
        default void inSram(T m) {
        }

        /** Cycles of a packet's header, charged with its send's DMA start: the firmware builds it by default. */
        default int headerCycles(T m, FirmwareSteps steps) {
            return steps.header();
        }
    }

    /**
     * The host DMA engine as this part uses it: {@link #fetched} must follow when the bytes are in SRAM ({@code slot}
     * null: a piece of a message cut at page boundaries, not its last; nobody waits for it).
     */
    public interface Dma<T> {
        void fromHost(int bytes, Slot<T> slot);
    }

    /**
     * @param inOrder     packets leave in message order, the head waiting for its fetch (false: each as soon as it is
     *                    in SRAM)
     * @param pioBuffered a message with nothing to fetch (written into SRAM by PIO) still takes a send buffer
     * @param streaming   fetches use the host bridge's streaming mode
     * @param dmaCharged  the firmware charges each fetch's DMA start with its reading of the descriptor, as one
     *                    step (the clock rounds each charge: two charges are not one)
     * @param fetched     counter of fetches started (null: none)
     * @param noRoute     counter of packets with no route
     * @param transmitted counter of message packets whose tail has left (null: none)
     * @param page        fetches are cut at host page boundaries of this size, one DMA each (0: one a message)
     * @param oneStep     a packet's route lookup, header and DMA start are charged as one step
     */
    public record Options(boolean inOrder, boolean pioBuffered, boolean streaming, boolean dmaCharged,
            String fetched, String noRoute, String transmitted, long page, boolean oneStep) {
        /** Whole messages fetched, the route lookup a step of its own. */
        public Options(boolean inOrder, boolean pioBuffered, boolean streaming, boolean dmaCharged, String fetched,
                String noRoute, String transmitted) {
            this(inOrder, pioBuffered, streaming, dmaCharged, fetched, noRoute, transmitted, 0, false);
        }

        /** The same, its fetches streaming or not (a stack's setting). */
        public Options streaming(boolean on) {
            return new Options(inOrder, pioBuffered, on, dmaCharged, fetched, noRoute, transmitted, page, oneStep);
        }
    }

    /** A message in the part: whether it holds a buffer and whether its bytes are in SRAM. */
    public static final class Slot<T> {
        final T m;
        boolean staged;
        boolean inSram;
        boolean buffered;

        Slot(T m) {
            this.m = m;
        }
    }

    /** What a packet handed to the send DMA is: copy {@code copy} of a message (last: it frees it), or a control. */
    private record OnWire<T>(Slot<T> slot, boolean last) {
    }

    private final NicContext nic;
    private final FirmwareSteps c;
    private final Routes routes;
    private final Messages<T> messages;
    private final Options o;
    private final Dma<T> dma;
    private final ArrayDeque<Slot<T>> queue = new ArrayDeque<>();
    private final ArrayDeque<OnWire<T>> onWire = new ArrayDeque<>();
    private int buffersFree;

    /** A send path whose fetches go through {@code dmas}. */
    public StagedSend(NicContext nic, FirmwareSteps steps, Routes routes, int buffers, Options options,
            Messages<T> messages, HostDmas dmas) {
        this(nic, steps, routes, buffers, options, messages, (Dma<T>) null, dmas);
    }

    /** A send path whose fetches go through the firmware's own {@code dma} port. */
    public StagedSend(NicContext nic, FirmwareSteps steps, Routes routes, int buffers, Options options,
            Messages<T> messages, Dma<T> dma) {
        this(nic, steps, routes, buffers, options, messages, dma, null);
    }

    private StagedSend(NicContext nic, FirmwareSteps steps, Routes routes, int buffers, Options options,
            Messages<T> messages, Dma<T> dma, HostDmas dmas) {
        this.nic = nic;
        this.c = steps;
        this.routes = routes;
        this.buffersFree = buffers;
        this.o = options;
        this.messages = messages;
        this.dma = dma != null ? dma : new ViaHostDmas<>(dmas, this, options.streaming());
    }

    /** Fetches through {@link HostDmas}, the part hearing of each end by its completion record. */
    private record ViaHostDmas<T>(HostDmas dmas, StagedSend<T> part, boolean streaming) implements Dma<T> {
        @Override
        public void fromHost(int bytes, Slot<T> slot) {
            dmas.fromHost(bytes, streaming, part, slot);
        }
    }

    /** SRAM send buffers not holding a message. */
    public int buffersFree() {
        return buffersFree;
    }

    /** A message in; the firmware then calls {@link #pump}. */
    public void add(T m) {
        Slot<T> s = new Slot<>(m);
        if (messages.fetchBytes(m) == Messages.NONE && !o.pioBuffered()) {
            s.staged = true;
            s.inSram = true;
        }
        queue.add(s);
    }

    /** Starts the fetches of waiting messages, in order, while a buffer is free, then sends what may go. */
    public void pump() {
        for (Slot<T> s : queue) {
            if (s.staged) {
                continue;
            }
            if (!messages.translated(s.m) || buffersFree == 0) {
                break;
            }
            buffersFree--;
            s.staged = true;
            s.buffered = true;
            int bytes = messages.fetchBytes(s.m);
            if (bytes != Messages.NONE && o.page() > 0) {
                messages.staging(s.m);
                fetchPages(s, bytes);
            } else if (bytes != Messages.NONE) {
                startFetch();
                messages.staging(s.m);
                dma.fromHost(bytes, s);
            } else {
                messages.staging(s.m);
                s.inSram = true;
            }
        }
        sendReady();
    }

    private void startFetch() {
        if (!o.dmaCharged()) {
            nic.cycles(c.dma());
        }
        if (o.fetched() != null) {
            nic.counter(o.fetched()).increment();
        }
    }

    /** One fetch per host page the message's bytes touch; the last one's end puts the message in SRAM. */
    private void fetchPages(Slot<T> s, int bytes) {
        long at = messages.address(s.m);
        int left = bytes;
        do {
            int piece = (int) Math.min(left, o.page() - at % o.page());
            startFetch();
            left -= piece;
            at += piece;
            dma.fromHost(piece, left == 0 ? s : null);
        } while (left > 0);
    }

    @Override
    public void dmaDone(Slot<T> slot) {
        if (slot != null) {
            fetched(slot);
        }
    }

    /** The host DMA engine has put {@code slot}'s bytes into SRAM. */
    public void fetched(Slot<T> slot) {
        slot.inSram = true;
        messages.inSram(slot.m);
        sendReady();
    }

    private void sendReady() {
        for (Slot<T> s = next(); s != null; s = next()) {
            send(s);
        }
    }

    /** The next message to send, taken off the queue; null if none may go. */
    private Slot<T> next() {
        if (o.inOrder()) {
            Slot<T> head = queue.peek();
            if (head == null || !head.inSram || !messages.mayLeave(head.m)) {
                return null;
            }
            return queue.poll();
        }
        for (Iterator<Slot<T>> i = queue.iterator(); i.hasNext();) {
            Slot<T> s = i.next();
            if (s.inSram && messages.mayLeave(s.m)) {
                i.remove();
                return s;
            }
        }
        return null;
    }

    /** Every copy's route first; then one send DMA per routed copy, the last to leave freeing the message. */
    private void send(Slot<T> s) {
        int copies = messages.copies(s.m);
        byte[][] route = new byte[copies][];
        int go = 0;
        for (int k = 0; k < copies; k++) {
            if (!o.oneStep()) {
                nic.cycles(c.route());
            }
            route[k] = routes.to(messages.dest(s.m, k));
            if (route[k] == null) {
                nic.counter(o.noRoute()).increment();
            } else {
                go++;
            }
        }
        if (go == 0) {
            gone(s, false);
            return;
        }
        for (int k = 0; k < copies; k++) {
            if (route[k] != null) {
                nic.cycles((o.oneStep() ? c.route() : 0) + messages.headerCycles(s.m, c) + c.dma());
                nic.transmit(nic.packet(route[k], messages.frame(s.m, k)));
                onWire.add(new OnWire<>(s, --go == 0));
            }
        }
    }

    /** A packet of the firmware's own to {@code dest}, behind those on the send DMA. */
    public void control(int dest, byte[] body) {
        nic.cycles(c.route() + c.header() + c.dma());
        byte[] route = routes.to(dest);
        if (route == null) {
            nic.counter(o.noRoute()).increment();
            return;
        }
        nic.transmit(nic.packet(route, body));
        onWire.add(new OnWire<>(null, false));
    }

    /** The send DMA has sent the oldest packet handed to it. */
    public void sent() {
        OnWire<T> w = onWire.poll();
        if (w.slot() == null) {
            return; // a control packet: nothing of the host's to free
        }
        if (o.transmitted() != null) {
            nic.counter(o.transmitted()).increment();
        }
        if (w.last()) {
            gone(w.slot(), true);
        }
    }

    private void gone(Slot<T> s, boolean sent) {
        if (s.buffered) {
            buffersFree++;
        }
        messages.left(s.m, sent);
    }
}
