package org.nowemu.hardware.profile;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;

/**
 * The I/O bus between host memory and the NIC ({@code nowemu.hardware.profiles.<p>.bus}): SBus on the NOW,
 * PCI on the Pentium Pro cluster.
 *
 * @param kind           sbus or pci, for reports
 * @param pioWriteWord   one 4-byte programmed-I/O write into NIC memory, a bus transaction of its own (ps)
 * @param pioReadWord    one 4-byte programmed-I/O read from NIC memory (ps)
 * @param writeCombining how the CPU combines PIO writes into bursts, where it does
 * @param dmaBurst       bytes a DMA moves per bus tenure: between two bursts a waiting PIO takes the bus
 * @param consistent     consistent DMA: start-up and rates
 * @param streaming      streaming DMA: start-up (the stream-buffer flush) and rates
 */
public record BusSettings(String kind, long pioWriteWord, long pioReadWord, WriteCombining writeCombining,
                          int dmaBurst, DmaMode consistent, DmaMode streaming) {
    /**
     * Write combining: the CPU gathers PIO writes to consecutive addresses in a line buffer and sends each line as
     * one burst, paying the bus's per-transaction overhead once per line instead of once per word.
     *
     * @param enabled  whether PIO writes are combined (else each word is a transaction of {@code pioWriteWord})
     * @param line     bytes of a combining line
     * @param overhead time of a burst besides its data: arbitration, address phase, turnaround (ps)
     * @param rate     rate of the data phases of a burst
     */
    public record WriteCombining(boolean enabled, int line, long overhead, Rate rate) {
    }

    /**
     * A DMA mode's cost: a fixed start-up per transfer, then bytes at the rate of the transfer's direction. A read
     * (the card reading host memory) pays {@code startup}, on the bus or not; a write (the card writing host memory)
     * pays {@code writeStartup}, never on the bus: the bridge posts a write burst into its buffer, and whatever it
     * must later do to make the data visible to the CPU is host software's work, not a tenure of the card's.
     *
     * @param startup       time from the engine's request to the first byte of a read (ps)
     * @param startupOnBus  whether a read's start-up holds the bus (a stream-buffer flush in the bus bridge does; an
     *                      engine's own set-up and address translation before it asks for the bus do not)
     * @param read          rate of a transfer from host memory to the NIC (the card reads host memory)
     * @param write         rate of a transfer from the NIC into host memory (the card writes host memory)
     * @param writeStartup  time from the engine's request to the first byte of a write, off the bus (ps)
     */
    public record DmaMode(long startup, boolean startupOnBus, Rate read, Rate write, long writeStartup) {
        /** The rate of a transfer in this direction. */
        public Rate rate(boolean toHost) {
            return toHost ? write : read;
        }

        /** The start-up of a transfer in this direction, on the bus or off it (ps). */
        public long startup(boolean toHost) {
            return toHost ? writeStartup : startup;
        }

        /** Time from request to completion of one transfer of {@code bytes}, without waiting for the bus (ps). */
        public long transfer(long bytes, boolean toHost) {
            return startup(toHost) + rate(toHost).psFor(bytes);
        }

        /** Time before a transfer in this direction asks for the bus (ps). */
        public long offBus(boolean toHost) {
            return toHost || !startupOnBus ? startup(toHost) : 0;
        }

        /** The part of the start-up that holds the bus (ps). */
        public long onBusStartup(boolean toHost) {
            return toHost || !startupOnBus ? 0 : startup;
        }

        /** Time the transfer holds the bus, if nothing passes it between bursts (ps). */
        public long onBus(long bytes, boolean toHost) {
            return onBusStartup(toHost) + rate(toHost).psFor(bytes);
        }
    }

    public DmaMode mode(boolean streamingMode) {
        return streamingMode ? streaming : consistent;
    }

    /** Time a PIO write of {@code words} holds the bus (ps). */
    public long pioWrite(int words) {
        return pioWriteDrained(words, words);
    }

    /**
     * Time from the start of a PIO write of {@code words} until its first {@code k} words have crossed the bus (ps):
     * word by word without write combining; with it, line by line (a word has crossed when its line has).
     */
    public long pioWriteDrained(int k, int words) {
        if (k <= 0) {
            return 0;
        }
        if (!writeCombining.enabled()) {
            return (long) k * pioWriteWord;
        }
        int perLine = Math.max(1, writeCombining.line() / 4);
        int fullLines = (k - 1) / perLine;
        int lastLineWords = Math.min(perLine, words - fullLines * perLine);
        return fullLines * lineTime(perLine) + lineTime(lastLineWords);
    }

    private long lineTime(int words) {
        return writeCombining.overhead() + writeCombining.rate().psFor(4L * words);
    }

    /** Time a PIO read of {@code words} holds the bus (ps). */
    public long pioRead(int words) {
        return (long) words * pioReadWord;
    }

    static BusSettings read(ConfigReader r, String prefix) {
        String kind = r.string(prefix + "kind");
        if (!kind.equals("sbus") && !kind.equals("pci")) {
            throw r.bad(prefix + "kind", "must be sbus or pci, got '" + kind + "'");
        }
        String wc = prefix + "write-combining.";
        int line = (int) r.bytes(wc + "line", 4, 4096);
        if (line % 4 != 0) {
            throw r.bad(wc + "line", "must be a whole number of 4-byte words, got " + line + " B");
        }
        return new BusSettings(kind,
                r.duration(prefix + "pio-write-word", 1, VirtualTime.MS),
                r.duration(prefix + "pio-read-word", 1, VirtualTime.MS),
                new WriteCombining(r.bool(wc + "enabled"), line, r.duration(wc + "overhead", 0, VirtualTime.MS),
                        new Rate(r.bytesPerSecond(wc + "rate"))),
                (int) r.bytes(prefix + "dma-burst", 4, 1 << 20),
                mode(r, prefix + "consistent."), mode(r, prefix + "streaming."));
    }

    private static DmaMode mode(ConfigReader r, String prefix) {
        return new DmaMode(r.duration(prefix + "startup", 0, VirtualTime.S), r.bool(prefix + "startup-on-bus"),
                new Rate(r.bytesPerSecond(prefix + "read-rate")), new Rate(r.bytesPerSecond(prefix + "write-rate")),
                r.duration(prefix + "write-startup", 0, VirtualTime.S));
    }
}
