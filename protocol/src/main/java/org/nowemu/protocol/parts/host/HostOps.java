package org.nowemu.protocol.parts.host;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.hardware.profile.HardwareProfile;

/**
 * What the host operations of the comparison systems' libraries cost, in one place (survey §15.2's host
 * primitives): library code in CPU cycles (P17), programmed-I/O writes into NIC memory (P7, write-combining on
 * {@code ppro}), programmed-I/O reads of NIC memory (P12), polls of flags in cached host memory (P11: a hit when
 * nothing arrived, a miss when the NIC wrote the line) and memory copies (P10; and out of a receive DMA area into a
 * buffer already in the cache, the profile's {@code cached-copy-rate}).
 *
 * <p>Writes are posted through the CPU's write buffer ({@code hardware.host.WriteBuffer}): the CPU goes on while the
 * words cross the bus, as far as the buffer's depth lets it, and stalls for the bus time beyond. A long write is
 * issued as pieces of one buffer's depth, so that between pieces the NIC's DMA may take the bus, as bus
 * arbitration lets it. What the write puts in NIC memory (the payload) rides on its last piece: the NIC sees it
 * once every word is there.
 */
public final class HostOps {
    private final LibraryThread thread;
    private final HardwareProfile profile;
    private final int piece;
    private final long pollHit;
    private final long pollMiss;

    HostOps(LibraryThread thread, HardwareProfile profile) {
        this.thread = thread;
        this.profile = profile;
        this.piece = Math.max(1, profile.host().writeBuffer());
        this.pollHit = profile.host().cachedPollHit();
        this.pollMiss = profile.host().cachedPollMiss();
    }

    /** {@code n} cycles of library code. */
    public void cycles(long n) {
        if (n > 0) {
            thread.chargeCycles(n);
        }
    }

    /** Time of {@code n} CPU cycles (ps). */
    public long cyclesPs(long n) {
        return profile.host().cpu().cycles(n);
    }

    /** Writes {@code words} words into NIC memory, posted; {@code payload} is what the NIC finds there. */
    @continuable
    public void pioWrite(int words, Object payload) {
        int left = Math.max(1, words);
        while (left > piece) {
            thread.postedWrite(piece, null);
            left -= piece;
        }
        thread.postedWrite(left, payload);
    }

    /** Words that {@code bytes} bytes take, written from byte {@code from} of a structure on (whole words touched). */
    public static int words(int from, int bytes) {
        return (from + bytes + 3) / 4 - from / 4;
    }

    /** Reads a word of NIC memory: the CPU stalls until the bus has answered (behind its posted writes). */
    @continuable
    public void pioRead() {
        thread.readAndWait(1);
    }

    /** One look at a flag in cached host memory: a miss if the NIC has written it since ({@code news}). */
    public void poll(boolean news) {
        thread.chargeTime(news ? pollMiss : pollHit);
    }

    /** Time of a poll that finds nothing (ps). */
    public long pollHitPs() {
        return pollHit;
    }

    /** Copies {@code bytes} between host buffers or into a DMA send area (the survey's memcpy, P10); its time (ps). */
    public long memcpy(int bytes) {
        return charge(bytes > 0 ? profile.host().memoryCopy().psFor(bytes) : 0);
    }

    /** Copies {@code bytes} out of a receive DMA area (lines the NIC wrote) into a buffer in the cache; its time. */
    public long copyFromDma(int bytes) {
        return copyFromDma(bytes, bytes);
    }

    /**
     * Copies {@code bytes} out of a receive DMA area into a buffer of {@code bufferBytes}: at the cached rate if the
     * buffer fits the CPU's cache, else it misses there too and runs at the memory copy rate; its time (ps).
     */
    public long copyFromDma(int bytes, long bufferBytes) {
        return charge(bytes > 0 ? profile.host().copyFromDma(bufferBytes).psFor(bytes) : 0);
    }

    private long charge(long ps) {
        if (ps > 0) {
            thread.chargeTime(ps);
        }
        return ps;
    }
}
