package org.nowemu.protocol.bip;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.parts.host.ProcessServices;

/**
 * BIP as a program sees it (systems §5.2; sizes in bytes here, the C API's in words): {@code bip_mynode},
 * {@code bip_numnodes}, {@code bip_tsend(dst, tag, buf, len)} and {@code bip_trecv(tag, buf, maxlen)}, both
 * blocking. User memory is named by {@link Buffer}s the program allocates, page-aligned, so that a buffer used again
 * has its translation cached. A short message's send returns once it is written into the NIC; a long one's once the
 * NIC has sent it, which it does only when the receiver has posted a receive on the tag (the rendezvous).
 */
public final class Bip implements ProcessServices {
    /** A buffer of user memory: where it starts in the process's virtual address space, and its size. */
    public record Buffer(long address, int bytes, long pageSize) {
        int pageOffset() {
            return (int) (address % pageSize);
        }
    }

    /** What a receive got: the sender and the length. */
    public record Received(int src, int bytes) {
    }

    private final BipProcess p;
    private long nextAddress;

    Bip(BipProcess p) {
        this.p = p;
        this.nextAddress = 1L << 24;
    }

    /** bip_mynode. */
    public int node() {
        return p.host();
    }

    /** bip_numnodes. */
    public int nodes() {
        return p.hosts();
    }

    /** The largest short message: longer ones are rendezvous. */
    public int copyThreshold() {
        return p.settings().copyThreshold();
    }

    /** Allocates a buffer of {@code bytes} at the next page boundary of the process's address space. */
    public Buffer buffer(int bytes) {
        long page = p.pageSize();
        Buffer b = new Buffer(nextAddress, bytes, page);
        nextAddress += (Math.max(1, bytes) + page - 1) / page * page;
        return b;
    }

    /** bip_tsend: sends {@code bytes} of {@code buf} to node {@code dest}'s queue {@code tag}. */
    @continuable
    public void tsend(int dest, int tag, Buffer buf, int bytes) {
        p.send(dest, tag, buf, bytes);
    }

    /** bip_trecv: the next message of queue {@code tag}, at most {@code maxBytes}, into {@code buf}. */
    @continuable
    public Received trecv(int tag, Buffer buf, int maxBytes) {
        return p.receive(tag, buf, maxBytes);
    }

    /**
     * bip_trecv given up at virtual time {@code deadline} (null then; the receive stays posted for the next call on
     * the same tag and buffer): what a program that must also send on time polls with.
     */
    @continuable
    public Received trecv(int tag, Buffer buf, int maxBytes, long deadline) {
        return p.receive(tag, buf, maxBytes, deadline);
    }

    /**
     * bip_trecv on {@code tag} given up (null, the receive left posted) at {@code deadline} or as soon as a short
     * message waits on queue {@code orTag}: what a program waiting on two tags at once does with its loop of the
     * receive's polls and a probe of the other queue [E].
     */
    @continuable
    public Received trecv(int tag, Buffer buf, int maxBytes, long deadline, int orTag) {
        return p.receive(tag, buf, maxBytes, deadline, orTag);
    }

    /** bip_tprobe: whether a short message waits on queue {@code tag} (a poll of its ring). */
    @continuable
    public boolean tprobe(int tag) {
        return p.probe(tag);
    }

    @Override
    public LibraryThread process() {
        return p;
    }
}
