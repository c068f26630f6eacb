package org.nowemu.hardware.profile;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;

/**
 * A host of a profile ({@code nowemu.hardware.profiles.<p>.host}).
 *
 * @param cpu               the CPU clock that host work is charged in
 * @param memoryCopy        the rate of a host memory copy
 * @param interruptDispatch time from a NIC interrupt to the kernel handler running (ps)
 * @param signalDispatch    time from a NIC interrupt to a user-level signal handler running (ps)
 * @param writeBuffer       posted PIO words the CPU may leave behind, still to cross the bus, and go on; one word
 *                          more and it stalls until the oldest has crossed
 * @param cachedPollHit     a look at a flag in cached host memory that finds it unchanged (ps)
 * @param cachedPollMiss    a look at a flag the NIC has written by DMA since: the line comes from memory (ps)
 * @param cpus              CPUs the host's threads share
 * @param contextSwitch     time a CPU takes to switch from one thread to another (ps)
 * @param timeSlice         how long a spinning thread keeps a CPU another thread is waiting for (ps)
 * @param cachedCopy        the rate of a copy out of memory the NIC has written into a buffer already in the cache
 * @param pageSize          bytes of a virtual-memory page: the unit of pinning and of address translation
 * @param pinCall           a system call that pins pages and returns their physical addresses, besides its pages:
 *                          the trap, the checks, the return (ps; calibration §3.5)
 * @param pinPage           per page that call pins: the page-table walk, the page made unswappable, its physical
 *                          address taken (ps; P15)
 * @param wakeUp            the kernel's work to block a thread and make it run again, besides the context switch:
 *                          the blocking trap, the sleep queue, the dispatcher, the return to user mode (ps)
 * @param cacheSize         bytes of the CPU's largest cache: a copy into a buffer larger than this misses it
 * @param flop              a floating-point operation of an application's kernel loops, as the application
 *                          skeletons charge it (ps)
 * @param sortKey           one key or record handled once by a sort's pass, as the skeletons charge it (ps)
 */
public record HostSettings(Clock cpu, Rate memoryCopy, long interruptDispatch, long signalDispatch, int writeBuffer,
                           long cachedPollHit, long cachedPollMiss, int cpus, long contextSwitch, long timeSlice, Rate cachedCopy,
                           long pageSize, long pinCall, long pinPage, long wakeUp,
                           long cacheSize, long flop, long sortKey) {
    /** The rate of a copy out of memory the NIC wrote into a buffer of {@code bufferBytes}: cached if it fits. */
    public Rate copyFromDma(long bufferBytes) {
        return bufferBytes > cacheSize ? memoryCopy : cachedCopy;
    }

    static HostSettings read(ConfigReader r, String prefix) {
        return new HostSettings(new Clock(r.hertz(prefix + "cpu-clock")),
                new Rate(r.bytesPerSecond(prefix + "memory-copy-rate")),
                r.duration(prefix + "interrupt-dispatch", 0, VirtualTime.S),
                r.duration(prefix + "signal-dispatch", 0, VirtualTime.S),
                r.intIn(prefix + "write-buffer", 0, 1024),
                r.duration(prefix + "cached-poll-hit", 0, VirtualTime.MS),
                r.duration(prefix + "cached-poll-miss", 0, VirtualTime.MS),
                r.intIn(prefix + "cpus", 1, 64),
                r.duration(prefix + "context-switch", 0, VirtualTime.MS),
                r.duration(prefix + "time-slice", 1, VirtualTime.S),
                new Rate(r.bytesPerSecond(prefix + "cached-copy-rate")),
                r.bytes(prefix + "page-size", 512, 1 << 20),
                r.duration(prefix + "pin-call", 0, VirtualTime.MS),
                r.duration(prefix + "pin-page", 0, VirtualTime.MS),
                r.duration(prefix + "wake-up", 0, VirtualTime.MS),
                r.bytes(prefix + "cache-size", 1024, 1L << 30),
                r.duration(prefix + "flop", 0, VirtualTime.MS),
                r.duration(prefix + "sort-key", 0, VirtualTime.MS));
    }
}
