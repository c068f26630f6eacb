package org.nowemu.hardware.profile;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;

/**
 * A host of a profile ({@code nowemu.hardware.profiles.<p>.host}).
 *
 * @param cpu               the CPU clock that host work is charged in
 * @param memoryCopy        the rate of a host memory copy
 * @param interruptDispatch time from a NIC interrupt to the kernel handler running (ps)
 * @param storeBuffer       posted PIO words the CPU may have in flight before it stalls
 * @param cpus              CPUs the host's threads share
 * @param contextSwitch     time a CPU takes to switch from one thread to another (ps)
 * @param timeSlice         how long a spinning thread keeps a CPU another thread is waiting for (ps)
 * @param pollHit           a poll of a flag in cached host memory that finds nothing new (ps)
 * @param pollMiss          a poll of a flag the NIC has written by DMA since: the line is fetched from memory (ps)
 * @param cachedCopy        the rate of a copy out of memory the NIC has written into a buffer already in the cache
 */
public record HostSettings(Clock cpu, Rate memoryCopy, long interruptDispatch, int storeBuffer, int cpus,
                           long contextSwitch, long timeSlice, long pollHit, long pollMiss, Rate cachedCopy) {
    static HostSettings read(ConfigReader r, String prefix) {
        return new HostSettings(new Clock(r.hertz(prefix + "cpu-clock")),
                new Rate(r.bytesPerSecond(prefix + "memory-copy-rate")),
                r.duration(prefix + "interrupt-dispatch", 0, VirtualTime.S),
                r.intIn(prefix + "store-buffer", 1, 1024), r.intIn(prefix + "cpus", 1, 64),
                r.duration(prefix + "context-switch", 0, VirtualTime.MS),
                r.duration(prefix + "time-slice", 1, VirtualTime.S),
                r.duration(prefix + "poll-cached-hit", 0, VirtualTime.MS),
                r.duration(prefix + "poll-cached-miss", 0, VirtualTime.MS),
                new Rate(r.bytesPerSecond(prefix + "cached-copy-rate")));
    }
}
