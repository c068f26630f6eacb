/** Pinned host DMA areas of slots with arrival flags the NIC's DMA writes last, consumed by the host in order. */
package org.nowemu.protocol.parts.staging;
