/**
 * The round-trip and streaming benchmarks, written once against a {@code Messenger} each system adapts. Used by
 * every system and the compare, multicast and reliability-cost workloads.
 */
package org.nowemu.protocol.parts.bench;
