/**
 * Mechanisms the comparison systems share, one per file, each in the package of its kind: {@code host} (the host
 * thread of a system's process, and the costs of host operations in one place), {@code ring} (descriptor rings in
 * NIC SRAM with ready and free flags, both sides), {@code staging} (pinned host DMA areas with arrival flags),
 * {@code credits} (host-level credits with a return threshold), {@code steps} (the per-operation costs every
 * system's firmware and library are made of), {@code ledger} (message ids), {@code system} (a cluster of one
 * system: a firmware factory and a process factory, what a registry line will hold) and {@code bench} (the
 * latency and bandwidth benchmarks, written once against a {@code Messenger} that each system adapts).
 */
package org.nowemu.protocol.parts;
