package org.nowemu.protocol.am.parts.endpoints;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The endpoints a NIC serves, by index (resident or not: {@link EndpointFrame} says where each lives), and those
 * closed because their process crashed, which stay closed for good: a write or a message for one finds nobody.
 */
public final class EndpointTable {
    private final EndpointFrame[] frames;
    private final TreeSet<Integer> closed = new TreeSet<>();

    /** @param size endpoints the NIC serves ({@code max-endpoints}) */
    public EndpointTable(int size) {
        this.frames = new EndpointFrame[size];
    }

    public int size() {
        return frames.length;
    }

    /** Endpoint {@code index}, null if not open; the index must be within the table. */
    public EndpointFrame at(int index) {
        return frames[index];
    }

    /** Endpoint {@code index}, or null if it is not open or the index is out of range (a header's field). */
    public EndpointFrame get(int index) {
        return index >= 0 && index < frames.length ? frames[index] : null;
    }

    /** Endpoint {@code index}, which the host has opened: writing to any other is a host bug. */
    public EndpointFrame opened(int index) {
        EndpointFrame f = get(index);
        if (f == null) {
            throw new IllegalStateException("host wrote to endpoint " + index + ", which was never opened");
        }
        return f;
    }

    /** The endpoint the host just wrote into, marked recently active at {@code nowPs} (for lru). */
    public EndpointFrame touched(int index, long nowPs) {
        EndpointFrame f = opened(index);
        f.lastActive = nowPs;
        return f;
    }

    /** Puts a new endpoint (or one a restarted NIC gets back) in its place. */
    public void put(EndpointFrame f) {
        if (f.index < 0 || f.index >= frames.length) {
            throw new IllegalStateException("endpoint " + f.index + " beyond the NIC's " + frames.length);
        }
        frames[f.index] = f;
    }

    /** Forgets endpoint {@code index} for good: its process crashed. */
    public void close(int index) {
        frames[index] = null;
        closed.add(index);
    }

    /** Endpoints closed by an earlier life of this NIC: they stay closed. */
    public void closeAll(Collection<Integer> indices) {
        closed.addAll(indices);
    }

    public boolean isClosed(int index) {
        return closed.contains(index);
    }

    public SortedSet<Integer> closed() {
        return closed;
    }

    /** The open endpoints in index order (a scan: for the rare paths, eviction and raw packets). */
    public List<EndpointFrame> open() {
        List<EndpointFrame> out = new ArrayList<>();
        for (EndpointFrame f : frames) {
            if (f != null) {
                out.add(f);
            }
        }
        return out;
    }
}
