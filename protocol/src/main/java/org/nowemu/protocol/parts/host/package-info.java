/**
 * The host thread of a comparison system's process and the costs of host operations. Used by every comparison
 * system and the host-transfer workload.
 */
package org.nowemu.protocol.parts.host;
