package org.nowemu.protocol.parts.translation;

/**
 * One step of translating a transfer's pages, as the one who runs it sees it. Host steps run on the host thread
 * that starts or serves the transfer; NIC steps in the firmware; {@link Interrupt}, the {@link HostPin} after it and
 * {@link PioInstall} are the host kernel's work on the NIC's behalf, on the host's CPU and bus, while the NIC waits
 * ({@link TlbMisses}).
 */
public sealed interface Step {
    /** Library code on the host: a lookup in the library's page cache or table (host CPU cycles). */
    record HostCycles(long cycles) implements Step {
    }

    /** A system call that pins {@code pages} pages and returns their physical addresses (the profile's P15). */
    record HostPin(int pages) implements Step {
    }

    /** A copy of {@code bytes} between the user's buffer and a pinned DMA area (the profile's memcpy). */
    record HostCopy(int bytes) implements Step {
    }

    /** Firmware work on the NIC (LANai cycles): a TLB lookup, or taking in a missing entry. */
    record NicCycles(long cycles) implements Step {
    }

    /** The NIC interrupts the host: the kernel's handler runs after the profile's interrupt dispatch. */
    record Interrupt() implements Step {
    }

    /** The kernel writes a translation entry of {@code words} words into the NIC's TLB by programmed I/O. */
    record PioInstall(int words) implements Step {
    }

    /** The NIC fetches {@code bytes} of translation entries from the host's table by host DMA. */
    record EntryFetch(int bytes) implements Step {
    }
}
