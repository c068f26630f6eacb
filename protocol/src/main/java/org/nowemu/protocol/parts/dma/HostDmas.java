package org.nowemu.protocol.parts.dma;

import java.util.HashMap;
import org.nowemu.hardware.nic.DmaRequest;
import org.nowemu.hardware.nic.NicContext;

/**
 * The firmware's requests to the host DMA engine, each tagged, and what the completion of each means. A part that
 * starts a DMA it must hear back from names it by a completion record of its own (the load of an endpoint's frame,
 * a message's data fetched, an entry landed in host memory) and gets that record back through
 * {@link Client#dmaDone} when the engine reports the tag done; a DMA nobody waits for (an entry for the driver)
 * has no record. The engine completes transfers in the order they were asked for, but completions are found by
 * tag, so a tag this life never issued (a DMA of a NIC's previous life, finishing after a power cycle) is ignored.
 * Tags count from 1 in each life, as the engine sees them.
 */
public final class HostDmas {
    /** A part that waits for DMAs it started: {@code completion} says which one is done. */
    @FunctionalInterface
    public interface Client<R> {
        void dmaDone(R completion);
    }

    /** A transfer under way and who hears of its end. */
    private record Pending<R>(Client<R> client, R completion) {
        void done() {
            client.dmaDone(completion);
        }
    }

    private final NicContext nic;
    /** Looked up by tag, never iterated. */
    private final HashMap<Long, Pending<?>> pending = new HashMap<>();
    private long tags;

    public HostDmas(NicContext nic) {
        this.nic = nic;
    }

    /** Moves {@code bytes} from host memory into SRAM; {@code client} hears {@code completion} when they are in. */
    public <R> void fromHost(int bytes, boolean streaming, Client<R> client, R completion) {
        start(DmaRequest.fromHost(bytes, streaming, ++tags), client, completion);
    }

    /**
     * Writes {@code bytes} into host memory, where host component {@code host} (-1: none) sees {@code payload} when
     * they have landed; {@code client} hears {@code completion} then.
     */
    public <R> void toHost(int bytes, boolean streaming, int host, Object payload, Client<R> client, R completion) {
        start(DmaRequest.toHost(bytes, streaming, ++tags, host, payload), client, completion);
    }

    /** As above, for a transfer whose end the firmware need not hear of. */
    public void toHost(int bytes, boolean streaming, int host, Object payload) {
        nic.hostDma(DmaRequest.toHost(bytes, streaming, ++tags, host, payload));
    }

    /** The engine has finished the transfer tagged {@code tag}: its starter hears of it. */
    public void done(long tag) {
        Pending<?> p = pending.remove(tag);
        if (p != null) {
            p.done();
        }
    }

    /** Transfers whose end some part is waiting for. */
    public int waiting() {
        return pending.size();
    }

    private <R> void start(DmaRequest r, Client<R> client, R completion) {
        pending.put(r.tag(), new Pending<>(client, completion));
        nic.hostDma(r);
    }
}
