package org.nowemu.workloads.hosttransfer;

import com.typesafe.config.ConfigException;
import java.util.ArrayList;
import java.util.List;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;

/**
 * Settings of the host-transfer experiment ({@code nowemu.host-transfer}).
 *
 * @param mechanisms the mechanisms, in the order they run
 * @param sizes      transfer sizes (bytes, ascending)
 * @param transfers  transfers timed per mechanism and size
 * @param maxTimePs  virtual time after which the run stops even if unfinished
 */
record TransferSettings(List<Mechanism> mechanisms, List<Integer> sizes, int transfers, long maxTimePs) {
    static final String PREFIX = "nowemu.host-transfer.";

    static TransferSettings read(ConfigReader r) {
        List<Mechanism> mechanisms = new ArrayList<>();
        List<Integer> sizes;
        try {
            for (String m : r.config().getStringList(PREFIX + "mechanisms")) {
                Mechanism k = Mechanism.of(m);
                if (k == null) {
                    throw r.bad(PREFIX + "mechanisms", "unknown mechanism '" + m + "' (known: " + Mechanism.names()
                            + ")");
                }
                if (mechanisms.contains(k)) {
                    throw r.bad(PREFIX + "mechanisms", "mechanism " + m + " is named twice");
                }
                mechanisms.add(k);
            }
            sizes = new ArrayList<>(r.config().getIntList(PREFIX + "sizes"));
        } catch (ConfigException e) {
            throw ConfigReader.from(e);
        }
        if (mechanisms.isEmpty()) {
            throw r.bad(PREFIX + "mechanisms", "needs at least one mechanism");
        }
        if (sizes.isEmpty()) {
            throw r.bad(PREFIX + "sizes", "needs at least one size");
        }
        for (int i = 0; i < sizes.size(); i++) {
            if (sizes.get(i) < 4 || sizes.get(i) > 1 << 24 || sizes.get(i) % 4 != 0) {
                throw r.bad(PREFIX + "sizes", "each size must be a multiple of 4 bytes from 4 to 16777216, got "
                        + sizes.get(i));
            }
            if (i > 0 && sizes.get(i) <= sizes.get(i - 1)) {
                throw r.bad(PREFIX + "sizes", "sizes must be ascending without repeats");
            }
        }
        return new TransferSettings(List.copyOf(mechanisms), List.copyOf(sizes),
                r.intIn(PREFIX + "transfers", 1, 1_000_000), r.duration(PREFIX + "max-time", VirtualTime.US));
    }
}
