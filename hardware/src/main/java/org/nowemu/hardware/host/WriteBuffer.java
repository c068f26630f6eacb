package org.nowemu.hardware.host;

import java.util.ArrayDeque;
import org.nowemu.hardware.profile.BusSettings;

/**
 * The posted PIO writes of one host thread, as far as its CPU's write buffer is concerned: which words have crossed
 * the bus by when. Words are numbered from 1 in the order the thread wrote them; the bus carries them in that order,
 * each write's words back to back from the moment the bus tells the thread that write took it
 * ({@link BusRequest.PioStarted}). A CPU whose buffer holds {@code depth} words may go on after writing word n once
 * word n - depth has crossed.
 */
final class WriteBuffer {
    /** Word {@link #crossedAt} cannot tell yet: its write has not taken the bus. */
    static final long UNKNOWN = -1;

    private static final class Write {
        final long tag;
        final long first;
        final int words;
        long start = UNKNOWN;

        Write(long tag, long first, int words) {
            this.tag = tag;
            this.first = first;
            this.words = words;
        }
    }

    private final BusSettings bus;
    private final ArrayDeque<Write> writes = new ArrayDeque<>();
    private long written;

    WriteBuffer(BusSettings bus) {
        this.bus = bus;
    }

    /** Records a write of {@code words} and returns the number of its last word. */
    long post(long tag, int words) {
        writes.add(new Write(tag, written + 1, words));
        written += words;
        return written;
    }

    /** Write {@code tag} took the bus at {@code atPs}. */
    void started(long tag, long atPs) {
        for (Write w : writes) {
            if (w.tag == tag) {
                w.start = atPs;
                return;
            }
        }
    }

    /**
     * When word {@code k} had crossed the bus: a time, {@link #UNKNOWN} while its write has not taken the bus, or
     * {@code Long.MIN_VALUE} for a word long gone (or none: k < 1).
     */
    long crossedAt(long k) {
        for (Write w : writes) {
            if (k < w.first + w.words) {
                if (k < w.first) {
                    break;
                }
                return w.start == UNKNOWN ? UNKNOWN : w.start + bus.pioWriteDrained((int) (k - w.first + 1), w.words);
            }
        }
        return Long.MIN_VALUE;
    }

    /** Forgets the writes that had wholly crossed by {@code nowPs}. */
    void forget(long nowPs) {
        while (!writes.isEmpty()) {
            Write w = writes.peek();
            if (w.start == UNKNOWN || w.start + bus.pioWrite(w.words) > nowPs) {
                return;
            }
            writes.poll();
        }
    }
}
