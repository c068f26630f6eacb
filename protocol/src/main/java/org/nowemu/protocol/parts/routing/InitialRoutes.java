package org.nowemu.protocol.parts.routing;

import java.util.List;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.SourceRoutes;
import org.nowemu.hardware.topology.Topology;

/**
 * The routing table a NIC starts with, before a mapper rewrites it: the topology's shortest source route
 * to each other host (null to itself, and where no path exists).
 */
public final class InitialRoutes {
    private InitialRoutes() {
    }

    /**
     * {@code routes[to]}: the route bytes from host {@code from} to each host {@code to} (host order). One search
     * per host, made when its NIC is created, so a member of a cluster only computes and keeps the rows of its
     * own NICs (all rows of 4,096 hosts would be 16.7 million routes).
     */
    public static byte[][] from(Topology t, int from) {
        List<Node> hosts = t.hosts();
        byte[][] byNode = SourceRoutes.fromHost(t, hosts.get(from).index());
        byte[][] routes = new byte[hosts.size()][];
        for (int b = 0; b < hosts.size(); b++) {
            routes[b] = byNode[hosts.get(b).index()];
        }
        return routes;
    }
}
