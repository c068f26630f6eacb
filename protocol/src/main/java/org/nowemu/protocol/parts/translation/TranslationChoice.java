package org.nowemu.protocol.parts.translation;

import org.nowemu.protocol.parts.KeyedChoice;

/**
 * The survey's four ways of giving the NIC physical addresses (systems §14, "Translation").
 */
public enum TranslationChoice implements KeyedChoice {
    /**
     * DMA areas with a copy (AM-II, FM, Hamlyn, the basic protocol): a pinned area, set up once, whose physical
     * address the NIC knows; every transfer copies the user's data into it (or out of it). Nothing ever misses: the
     * copy is paid on every transfer, first or not.
     */
    DMA_AREA("DMA areas"),
    /**
     * A software TLB on the NIC (VMMC, PM, U-Net/MM): the NIC looks every page up in its own table; a miss
     * interrupts the host, whose kernel pins the page and installs the entry by programmed I/O.
     */
    NIC_TLB("software TLB on NIC"),
    /**
     * A user-managed translation table cached on the NIC (VMMC-2's UTLB): the library pins a page on its first use
     * and writes its entry into a table in host memory; the NIC caches entries and fetches a missing one from that
     * table by DMA, without the host.
     */
    UTLB("UTLB in host memory, cached on NIC"),
    /**
     * The user translates (BIP, LFC): the library keeps its own page cache; a page's first use pins it and asks a
     * kernel module for its physical address; later uses find it in the cache. The NIC is given physical addresses
     * and checks nothing.
     */
    USER("user translates");

    private final String phrase;

    TranslationChoice(String phrase) {
        this.phrase = phrase;
    }

    /** The design-space table's phrase. */
    public String phrase() {
        return phrase;
    }

    /** The choice named {@code key} ({@code dma-area}, {@code nic-tlb}, {@code utlb}, {@code user}), or null. */
    public static TranslationChoice of(String key) {
        return KeyedChoice.named(TranslationChoice.class, key);
    }

    /** The configuration names, for a message. */
    public static String names() {
        return KeyedChoice.keys(TranslationChoice.class);
    }
}
