package org.nowemu.workloads.motifs;

import java.util.ArrayList;
import java.util.List;

/** Each rank's ops of one iteration, built up step by step; sends to oneself are local copies and left out. */
final class Ranks {
    final int n;
    private final List<List<Op>> ops = new ArrayList<>();

    Ranks(int n) {
        this.n = n;
        for (int r = 0; r < n; r++) {
            ops.add(new ArrayList<>());
        }
    }

    /** Rank {@code r} sends {@code bytes} to rank {@code to}. */
    void send(int r, int to, long bytes) {
        if (to != r && bytes > 0) {
            ops.get(r).add(Op.send(to, bytes));
        }
    }

    /** Rank {@code r} multicasts {@code bytes} to every other rank (nothing to send on one rank). */
    void multicast(int r, long bytes) {
        if (n > 1 && bytes > 0) {
            ops.get(r).add(Op.multicast(bytes));
        }
    }

    /** Rank {@code r} waits for {@code bytes} from rank {@code from}. */
    void recv(int r, int from, long bytes) {
        if (from != r && bytes > 0) {
            ops.get(r).add(Op.recv(from, bytes));
        }
    }

    /** Rank {@code r} sends to {@code to} and then waits for {@code from}: one step of an exchange. */
    void exchange(int r, int to, int from, long bytes) {
        send(r, to, bytes);
        recv(r, from, bytes);
    }

    void compute(int r, long ps) {
        if (ps != 0) {
            ops.get(r).add(Op.compute(ps));
        }
    }

    /** Every rank computes for {@code ps} (or the phase's compute, {@link Op#PHASE}). */
    void computeAll(long ps) {
        for (int r = 0; r < n; r++) {
            compute(r, ps);
        }
    }

    List<List<Op>> build() {
        List<List<Op>> out = new ArrayList<>();
        for (List<Op> l : ops) {
            out.add(List.copyOf(l));
        }
        return List.copyOf(out);
    }
}
