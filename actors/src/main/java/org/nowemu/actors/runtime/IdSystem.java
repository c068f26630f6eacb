package org.nowemu.actors.runtime;

/**
 * The communication systems as the ledger's ids name them ({@link LedgerIds}, 4 bits): each system numbers its
 * messages apart, so two systems never share an id. A system that books two kinds of message counted apart has two
 * (LFC's unicasts and multicasts; FM/MC's multicasts beside the FM messages of the FM library under it), and a
 * stack over another library books both (MPI's messages and, under them, FM's). The name is the system's name in
 * the protocol registry ({@code ./nowemu list}), so a broken ledger says whose message it was.
 */
public enum IdSystem {
    BASIC(0, "basic"),
    FM(1, "fm"),
    MPI(2, "mpi"),
    BIP(3, "bip"),
    AM(4, "am"),
    PM(5, "pm"),
    HAMLYN(6, "hamlyn"),
    VMMC(7, "vmmc"),
    VMMC2(8, "vmmc2"),
    LFC(9, "lfc"),
    LFC_MULTICAST(10, "lfc multicast"),
    FMMC_MULTICAST(11, "fmmc multicast"),
    TRAPEZE(12, "trapeze"),
    UNET(13, "unet");

    private static final IdSystem[] BY_CODE = new IdSystem[1 << LedgerIds.SYSTEM_BITS];

    static {
        for (IdSystem s : values()) {
            BY_CODE[s.code] = s;
        }
    }

    private final int code;
    private final String label;

    IdSystem(int code, String label) {
        this.code = code;
        this.label = label;
    }

    /** The value of the id's system field. */
    public int code() {
        return code;
    }

    /** The system's name. */
    public String label() {
        return label;
    }

    /** The system of field value {@code code}, or null if none has it. */
    public static IdSystem ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
