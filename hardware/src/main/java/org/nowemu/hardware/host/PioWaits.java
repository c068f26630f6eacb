package org.nowemu.hardware.host;

import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;

/**
 * A program's CPU stalled on programmed I/O: a PIO read or an unposted write stalls it until the bus answers
 * ({@link BusRequest.PioDone}); a posted write goes through the CPU's write buffer ({@link WriteBuffer}) and stalls
 * it only as far as the buffer is full, which it learns from {@link BusRequest.PioStarted}. The answers arrive on
 * the component's side ({@link #done}, {@link #started}); the waits run on the program's.
 */
final class PioWaits {
    private final ProgramThread thread;
    /** Posted PIO writes still crossing the bus, and when each word has. */
    private final WriteBuffer writes;
    private long seq;
    private long done;
    /** The tag of the read or write the program stalls on, and the condition it waits for. */
    private long awaited;
    private final BooleanSupplier answered = () -> done == awaited;

    PioWaits(ProgramThread thread) {
        this.thread = thread;
        this.writes = new WriteBuffer(thread.profile.bus());
    }

    /** Component side: the bus has carried the access {@code tag}. */
    void done(long tag) {
        done = tag;
    }

    /** Component side: the posted write {@code tag} took the bus at {@code atPs}. */
    void started(long tag, long atPs) {
        writes.started(tag, atPs);
    }

    /** An unposted write: the CPU stalls until the words have crossed (the bus may be busy with DMA). */
    @continuable
    void writeAndWait(int words, Object payload) {
        long tag = ++seq;
        thread.pioWrite(words, payload, tag);
        stallFor(tag);
    }

    @continuable
    void readAndWait(int words) {
        long tag = ++seq;
        thread.pioRead(words, tag);
        stallFor(tag);
    }

    @continuable
    private void stallFor(long tag) {
        awaited = tag;
        thread.awaitUntil(answered);
    }

    /**
     * A posted write: the bus drains the write buffer in order, and after writing word n the CPU goes on once word
     * n - depth has crossed, so with an idle bus and an empty buffer a write of w words costs it the bus time of
     * w - depth of them. What it wrote reaches the NIC when the bus has carried all of it.
     */
    @continuable
    void writePosted(int words, Object payload) {
        long tag = ++seq;
        long last = writes.post(tag, words);
        thread.pioPost(words, payload, tag);
        long need = last - thread.profile.host().writeBuffer();
        long from = thread.cursor();
        while (need > 0) {
            long crossed = writes.crossedAt(need);
            if (crossed != WriteBuffer.UNKNOWN) {
                if (crossed > thread.cursor()) {
                    thread.busyFor(crossed - thread.cursor());
                }
                if (thread.cursor() > from) {
                    thread.hostCounter("host.write_buffer_stalls").increment();
                    thread.hostCounter("host.write_buffer_stall_ps").add(thread.cursor() - from);
                }
                break;
            }
            // Its write has not taken the bus as far as this thread has seen: look up to the cursor, then wait.
            thread.catchUp();
            if (writes.crossedAt(need) == WriteBuffer.UNKNOWN) {
                thread.awaitMessage(false);
            }
        }
        writes.forget(thread.cursor());
    }
}
