package org.nowemu.protocol.mpi;

import org.nowemu.actors.config.ConfigReader;

/**
 * The MPI layer's own settings ({@code nowemu.protocol.mpi}), the same over FM 1.x and FM 2.x. None is calibrated:
 * MPI-FM's performance must emerge from FM's and from the copies each layering forces.
 *
 * @param unexpectedPool bytes of host memory for messages that arrive before their receive is posted
 * @param requestCycles  host cycles to create or complete a request (post a receive, finish a send)
 * @param headerCycles   host cycles to build or parse the 24-byte header
 * @param matchCycles    host cycles per queue entry a match examines
 * @param callCycles     host cycles of an MPI call's own entry: argument checks, the rank's translation, the
 *                       datatype's size, the dispatch to the device's routine
 * @param poolCycles     host cycles to take a buffer of the unexpected pool, or to give one back
 */
public record MpiSettings(int unexpectedPool, int requestCycles, int headerCycles, int matchCycles, int callCycles,
                          int poolCycles) {
    static final String ROOT = "nowemu.protocol.mpi.";

    public static MpiSettings read(ConfigReader r) {
        return new MpiSettings((int) r.bytes(ROOT + "unexpected-pool", 0, 1L << 30),
                r.intIn(ROOT + "request-cycles", 0, 1_000_000), r.intIn(ROOT + "header-cycles", 0, 1_000_000),
                r.intIn(ROOT + "match-cycles", 0, 1_000_000), r.intIn(ROOT + "call-cycles", 0, 1_000_000),
                r.intIn(ROOT + "pool-cycles", 0, 1_000_000));
    }
}
