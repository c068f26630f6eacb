package org.nowemu.hardware.nic;

/**
 * The component ids of one NIC's parts and of the host bus it sits on.
 *
 * @param nic       the NIC's index (its host's index in the topology)
 * @param processor the LANai processor
 * @param send      the network-send DMA
 * @param recv      the network-receive DMA
 * @param hostDma   the host DMA engine
 * @param bus       the host's I/O bus
 */
public record NicParts(int nic, int processor, int send, int recv, int hostDma, int bus) {
}
