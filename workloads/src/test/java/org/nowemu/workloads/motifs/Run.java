package org.nowemu.workloads.motifs;

import java.util.ArrayDeque;
import java.util.List;

/**
 * Runs a schedule symbolically, the way the ranks would: sends queue per ordered pair (FIFO, as the stacks
 * deliver; a multicast queues one copy for every other rank), a receive takes the next message from its source once
 * there is one, and each message carries what its sender knew (a bit per rank whose contribution it had heard of).
 * Whatever the schedule, every op must complete, every message must be taken, and a receive's size must be the size
 * sent.
 */
final class Run {
    final int n;
    /** known[r]: the ranks whose contributions rank r has, at the end. */
    final long[] known;
    /** got[d][s]: messages rank d took from rank s; bytes[d][s] their bytes. */
    final long[][] got;
    final long[][] bytes;
    /** sent[r]: messages rank r handed to its library (a multicast is one). */
    final long[] sent;

    Run(List<List<Op>> ops) {
        n = ops.size();
        known = new long[n];
        got = new long[n][n];
        bytes = new long[n][n];
        sent = new long[n];
        @SuppressWarnings("unchecked")
        ArrayDeque<long[]>[][] wire = new ArrayDeque[n][n];
        for (int s = 0; s < n; s++) {
            known[s] = 1L << s;
            for (int d = 0; d < n; d++) {
                wire[s][d] = new ArrayDeque<>();
            }
        }
        int[] pc = new int[n];
        boolean progress = true;
        while (progress) {
            progress = false;
            for (int r = 0; r < n; r++) {
                while (pc[r] < ops.get(r).size()) {
                    Op op = ops.get(r).get(pc[r]);
                    if (op.kind() == Op.Kind.SEND) {
                        wire[r][op.peer()].add(new long[] {op.amount(), known[r]});
                        sent[r]++;
                    } else if (op.kind() == Op.Kind.MULTICAST) {
                        for (int d = 0; d < n; d++) {
                            if (d != r) {
                                wire[r][d].add(new long[] {op.amount(), known[r]});
                            }
                        }
                        sent[r]++;
                    } else if (op.kind() == Op.Kind.RECV) {
                        long[] m = wire[op.peer()][r].poll();
                        if (m == null) {
                            break;
                        }
                        if (m[0] != op.amount()) {
                            throw new AssertionError("rank " + r + " expects " + op.amount() + " bytes from "
                                    + op.peer() + ", which sent " + m[0]);
                        }
                        known[r] |= m[1];
                        got[r][op.peer()]++;
                        bytes[r][op.peer()] += m[0];
                    }
                    pc[r]++;
                    progress = true;
                }
            }
        }
        for (int r = 0; r < n; r++) {
            if (pc[r] < ops.get(r).size()) {
                throw new AssertionError("rank " + r + " is stuck at op " + pc[r] + " " + ops.get(r).get(pc[r]));
            }
            for (int d = 0; d < n; d++) {
                if (!wire[r][d].isEmpty()) {
                    throw new AssertionError(wire[r][d].size() + " message(s) from " + r + " to " + d + " never taken");
                }
            }
        }
    }

    long all() {
        return n == 64 ? -1 : (1L << n) - 1;
    }

    /** The sources rank d took messages from, each as often as it took one, in rank order: "1,2,2". */
    String from(int d) {
        StringBuilder b = new StringBuilder();
        for (int s = 0; s < n; s++) {
            for (long k = 0; k < got[d][s]; k++) {
                b.append(b.length() == 0 ? "" : ",").append(s);
            }
        }
        return b.toString();
    }

    long received(int d) {
        long t = 0;
        for (int s = 0; s < n; s++) {
            t += bytes[d][s];
        }
        return t;
    }
}
