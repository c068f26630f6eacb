package org.nowemu.protocol.system;

import java.util.List;

/**
 * A kind of fault a stack may assume away: its delivery promise holds only if the fault never happens. Each names
 * the kinds of the fault schedule ({@code nowemu.faults}) it covers, as the ledger books them; the hardware's own
 * bit-error rate ({@code link.bit-error-rate} of the profile) counts as {@code link-errors}.
 */
public enum Assumption {
    /** Cables flip no bits, lose no packets and damage no route bytes. */
    NO_BIT_ERRORS("no bit errors", List.of("link-errors", "corrupt-route")),
    /** No cable is cut. */
    NO_CUT_CABLES("no cut cables", List.of("cut-link")),
    /** No switch fails. */
    NO_SWITCH_FAILURES("no switch failures", List.of("fail-switch")),
    /** No NIC loses power (and with it its SRAM). */
    NO_POWER_CYCLES("no NIC power cycles", List.of("power-cycle")),
    /** No process dies while others still talk to it. */
    NO_PROCESS_CRASHES("no process crashes", List.of("crash-process"));

    private final String phrase;
    private final List<String> kinds;

    Assumption(String phrase, List<String> kinds) {
        this.phrase = phrase;
        this.kinds = kinds;
    }

    /** How {@code ./nowemu list} says it: "no bit errors". */
    public String phrase() {
        return phrase;
    }

    /** The fault kinds it covers, by their schedule names. */
    public List<String> kinds() {
        return kinds;
    }
}
