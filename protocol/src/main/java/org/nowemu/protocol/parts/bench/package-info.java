/**
 * The round-trip and streaming benchmarks, written once against {@link org.nowemu.protocol.parts.bench.Messenger};
 * each system supplies an adapter ({@code BasicMessenger}, {@code Fm1Messenger}, {@code Fm2Messenger},
 * {@code MpiMessenger}) so that a workload comparing stacks side by side drives them all alike.
 */
package org.nowemu.protocol.parts.bench;
