package org.nowemu.protocol.parts.dma;

import java.util.ArrayDeque;
import org.nowemu.hardware.nic.DmaRequest;
import org.nowemu.hardware.nic.NicContext;

/**
 * The firmware's host DMAs as one queue, untagged: the engine completes transfers in the order they were asked for,
 * so the oldest transfer's meaning is the one a completion brings back. Unlike {@link HostDmas} it cannot tell the
 * completion of a transfer from an earlier life of the NIC from one of this life's: for programs that keep no
 * transfers across a power cycle.
 *
 * @param <R> what a transfer means when it is done
 */
public final class OrderedDmas<R> {
    private final NicContext nic;
    private final boolean streaming;
    private final R none;
    private final ArrayDeque<R> pending = new ArrayDeque<>();

    /**
     * @param streaming whether transfers use the host bridge's streaming mode
     * @param none      what a transfer nobody waits for means
     */
    public OrderedDmas(NicContext nic, boolean streaming, R none) {
        this.nic = nic;
        this.streaming = streaming;
        this.none = none;
    }

    /** Moves {@code bytes} from host memory into SRAM; {@code then} comes back when they are in. */
    public void fromHost(int bytes, R then) {
        pending.add(then);
        nic.hostDma(DmaRequest.fromHost(bytes, streaming, 0));
    }

    /**
     * Writes {@code bytes} into host memory, where host component {@code host} sees {@code payload} when they have
     * landed; {@code then} (null: nothing waits) comes back then.
     */
    public void toHost(int bytes, int host, Object payload, R then) {
        pending.add(then != null ? then : none);
        nic.hostDma(DmaRequest.toHost(bytes, streaming, 0, host, payload));
    }

    /** The engine has finished the oldest transfer: what it meant. */
    public R done() {
        return pending.poll();
    }

    /** Transfers not yet finished. */
    public int waiting() {
        return pending.size();
    }
}
