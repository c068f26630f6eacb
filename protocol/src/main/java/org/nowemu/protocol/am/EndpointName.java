package org.nowemu.protocol.am;

/**
 * The global name of an endpoint: its NIC (host index) and its index on that NIC, in creation order.
 *
 * @param nic      the host's index in the topology
 * @param endpoint the endpoint's index on that host's NIC
 */
public record EndpointName(int nic, int endpoint) {
    @Override
    public String toString() {
        return "h" + nic + ".ep" + endpoint;
    }
}
