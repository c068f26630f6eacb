package org.nowemu.protocol.fm.fm2;

import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.fm.FmCore;
import org.nowemu.protocol.fm.FmLibrary;
import org.nowemu.protocol.fm.FmProcess;
import org.nowemu.protocol.parts.host.LibraryThread;

/**
 * Fast Messages 2.x as a program sees it (the FM paper's Table 2): a message is a byte stream with boundaries,
 * {@code FM_begin_message(dest, size, handler)}, any number of {@code FM_send_piece} of any sizes (gather), then
 * {@code FM_end_message}; the handler reads it with {@code FM_receive(buf, stream, bytes)} (scatter: the pieces need
 * not match the sender's), starting on the first packet and suspended while its bytes have not arrived;
 * {@code FM_extract(maxbytes)} processes at most about {@code maxbytes} (receiver flow control). {@code FM_receive}
 * takes (buf, stream, bytes), the order of the paper's example and of libsynk (its Table 2 prints
 * (stream, buf, bytes)). Sending: the stream's bytes are written by PIO straight into send slots, a packet at a
 * time, each with its credit and slot, as FM 1.x; a sender has at most one open stream [E].
 *
 * <p>Counters: {@code fm.sent} (messages), and those of {@link Fm2Receiver} and {@link FmCore}.
 */
public final class Fm2 extends FmLibrary {
    /** A handler's return value: it finished normally (libsynk). */
    public static final int CONTINUE = 1;

    private final FmProcess p;
    private final Fm2Handler[] handlers = new Fm2Handler[HANDLERS];
    private final Fm2Receiver receiver;
    private FmStream sending;

    private Fm2(FmProcess process, FmCore core, Coroutines coroutines) {
        super(core);
        this.p = process;
        this.receiver = new Fm2Receiver(process, core, handlers, coroutines);
    }

    /** Runs {@code program} on FM 2.x in {@code process}; its suspended handlers end with it. */
    @continuable
    public static void run(FmProcess process, FmCore core, Fm2Program program) {
        program.run(new Fm2(process, core, new Coroutines()));
    }

    /** FM_register_handler [E, libsynk]: {@code handler} under {@code id} (0..255), the id messages name. */
    public void register(int id, Fm2Handler handler) {
        checkHandlerId(id);
        handlers[id] = handler;
    }

    /** FM_begin_message: a message of {@code size} bytes to {@code dest}'s handler {@code handler}. */
    @continuable
    public FmStream beginMessage(int dest, int size, int handler) {
        checkDestination("FM", dest);
        if (handler < 0 || handler >= handlers.length || size < 0) {
            throw new IllegalArgumentException("FM: handler " + handler + ", size " + size);
        }
        if (sending != null) {
            throw new IllegalStateException("FM: a message to host " + sending.peer + " is still open");
        }
        core.ops().cycles(c.call());
        core.sent(dest);
        FmStream s = new FmStream(dest, handler, size);
        sending = s;
        open(s);
        return s;
    }

    /** FM_send_piece: the next {@code len} bytes of the message, from {@code buf} at {@code off}. */
    @continuable
    public void sendPiece(FmStream s, byte[] buf, int off, int len) {
        if (s != sending) {
            throw new IllegalStateException("FM: FM_send_piece on a stream that is not open for sending");
        }
        if (len < 0 || len > s.remaining() || off < 0 || off + len > buf.length) {
            throw new IllegalArgumentException("FM: a piece of " + len + " bytes, " + s.remaining()
                    + " left of the message's " + s.size);
        }
        core.ops().cycles(c.call());
        int written = 0;
        while (written < len) {
            if (s.packet == null) {
                open(s);
            }
            int k = Math.min(s.packet.room(), len - written);
            core.write(s.packet, buf, off + written, k);
            written += k;
            s.done += k;
            if (s.packet.room() == 0) {
                core.launch(s.packet);
                s.packet = null;
            }
        }
    }

    /** FM_send_piece of the whole of {@code buf}. */
    @continuable
    public void sendPiece(FmStream s, byte[] buf) {
        sendPiece(s, buf, 0, buf.length);
    }

    /** FM_end_message: sends what is left of the last packet; the bytes sent must be the declared size [E]. */
    @continuable
    public void endMessage(FmStream s) {
        if (s != sending) {
            throw new IllegalStateException("FM: FM_end_message on a stream that is not open for sending");
        }
        if (s.done != s.size) {
            throw new IllegalStateException("FM: a message of " + s.size + " bytes ended after " + s.done);
        }
        core.ops().cycles(c.call());
        if (s.packet != null) {
            core.launch(s.packet);
            s.packet = null;
        }
        sending = null;
        p.stat("fm.sent").increment();
    }

    /** Takes a credit and a slot for the stream's next packet and writes its header. */
    @continuable
    private void open(FmStream s) {
        int bytes = Math.min(core.settings().packetPayload(), s.size - s.done);
        s.packet = core.begin(s.peer, s.handler, s.done == 0, s.done + bytes == s.size, bytes, s.size);
    }

    /** FM_receive, inside a handler: the next {@code bytes} of its message into {@code buf}. Returns bytes. */
    @continuable
    public int receive(byte[] buf, FmStream s, int bytes) {
        return receiver.receive(buf, 0, s, bytes);
    }

    /** FM_receive into {@code buf} from {@code off}. */
    @continuable
    public int receive(byte[] buf, int off, FmStream s, int bytes) {
        return receiver.receive(buf, off, s, bytes);
    }

    /** FM_extract: processes received packets, at most about {@code maxbytes} (a packet at a time); returns bytes. */
    @Override
    @continuable
    public int extract(int maxbytes) {
        return receiver.extract(maxbytes);
    }

    /** FM_extract with no limit, as FM 1.x's. */
    @Override
    @continuable
    public int extract() {
        return receiver.extract(Integer.MAX_VALUE);
    }

    /**
     * Extracts until {@code done} holds or virtual time reaches {@code deadline}, each FM_extract limited to what
     * {@code limit} says at the time (nothing is extracted while it says 0: the senders wait on their credits).
     */
    @continuable
    public void extractUntil(BooleanSupplier done, IntSupplier limit, long deadline) {
        while (!done.getAsBoolean() && p.clock() < deadline) {
            int max = limit.getAsInt();
            if ((max <= 0 || extract(max) == 0) && !done.getAsBoolean()) {
                p.idle(() -> limit.getAsInt() > 0 && core.anyArrived(), idlePs(), deadline);
            }
        }
    }

    /** Waits until virtual time reaches {@link #now}, so that what arrived by then can be seen. */
    @continuable
    public void sync() {
        p.sync();
    }

    @Override
    public LibraryThread process() {
        return p;
    }
}
