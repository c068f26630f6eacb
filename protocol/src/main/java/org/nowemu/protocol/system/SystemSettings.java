package org.nowemu.protocol.system;

/**
 * What every stack's settings say, whatever its system: its name, and how long a run that injects faults must go
 * on after its last request for every message to be handled or returned before the ledger closes.
 */
public interface SystemSettings {
    /** The stack's name (its key under {@code nowemu.protocol.stacks}). */
    String name();

    /**
     * How long after its last request a run with faults lasts (ps): long enough for the transport to give up on a
     * request and on the reply it may still have caused. 0 for a system that never resends.
     */
    long settlePs();
}
