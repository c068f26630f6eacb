package org.nowemu.protocol.parts.translation;

/**
 * A NIC's software TLB missed: its interrupt to the host, whose kernel pins {@code pages} pages and writes their
 * entry, {@code installWords} words, into the NIC by programmed I/O ({@link EntryInstalled} lands there). Not an
 * {@code InterruptEvent}: the program does not take it at its next library call; the kernel's handler preempts it
 * ({@code LibraryThread}).
 */
public record MissInterrupt(int pages, int installWords) {
}
