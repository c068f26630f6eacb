package org.nowemu.hardware.profile;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;

/**
 * The I/O bus between host memory and the NIC ({@code nowemu.hardware.profiles.<p>.bus}): SBus on the NOW,
 * PCI on the Pentium Pro cluster.
 *
 * @param kind           sbus or pci, for reports
 * @param pioWriteWord   one 4-byte programmed-I/O write into NIC memory (ps)
 * @param pioReadWord    one 4-byte programmed-I/O read from NIC memory (ps)
 * @param consistent     consistent DMA: start-up and rate
 * @param streaming      streaming DMA: start-up (the stream-buffer flush) and rate
 */
public record BusSettings(String kind, long pioWriteWord, long pioReadWord, DmaMode consistent, DmaMode streaming) {
    /**
     * A DMA mode's cost: a fixed start-up per transfer, then bytes at a rate.
     *
     * @param startup       time from the engine's request to the first byte (ps)
     * @param startupOnBus  whether the start-up holds the bus (a stream-buffer flush in the bus bridge does; an
     *                      engine's own set-up and address translation before it asks for the bus do not)
     * @param rate          bytes per second once the transfer runs
     */
    public record DmaMode(long startup, boolean startupOnBus, Rate rate) {
        /** Time from request to completion of one transfer of {@code bytes}, without waiting for the bus (ps). */
        public long transfer(long bytes) {
            return startup + rate.psFor(bytes);
        }

        /** Time before the transfer asks for the bus (ps). */
        public long offBus() {
            return startupOnBus ? 0 : startup;
        }

        /** Time the transfer holds the bus (ps). */
        public long onBus(long bytes) {
            return (startupOnBus ? startup : 0) + rate.psFor(bytes);
        }
    }

    public DmaMode mode(boolean streamingMode) {
        return streamingMode ? streaming : consistent;
    }

    static BusSettings read(ConfigReader r, String prefix) {
        String kind = r.string(prefix + "kind");
        if (!kind.equals("sbus") && !kind.equals("pci")) {
            throw r.bad(prefix + "kind", "must be sbus or pci, got '" + kind + "'");
        }
        return new BusSettings(kind,
                r.duration(prefix + "pio-write-word", 1, VirtualTime.MS),
                r.duration(prefix + "pio-read-word", 1, VirtualTime.MS),
                mode(r, prefix + "consistent."), mode(r, prefix + "streaming."));
    }

    private static DmaMode mode(ConfigReader r, String prefix) {
        return new DmaMode(r.duration(prefix + "startup", 0, VirtualTime.S), r.bool(prefix + "startup-on-bus"),
                new Rate(r.bytesPerSecond(prefix + "rate")));
    }
}
