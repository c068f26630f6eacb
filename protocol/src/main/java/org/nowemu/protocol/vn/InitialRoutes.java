package org.nowemu.protocol.vn;

import java.util.List;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.SourceRoutes;
import org.nowemu.hardware.topology.Topology;

/**
 * The routing tables every NIC starts with, before a mapper rewrites them: the topology's shortest source route
 * between each pair of hosts (null to itself, and where no path exists).
 */
public final class InitialRoutes {
    private InitialRoutes() {
    }

    /** {@code routes[from][to]}: the route bytes from host {@code from} to host {@code to}. */
    public static byte[][][] shortest(Topology t) {
        List<Node> hosts = t.hosts();
        byte[][][] routes = new byte[hosts.size()][hosts.size()][];
        for (int a = 0; a < hosts.size(); a++) {
            for (int b = 0; b < hosts.size(); b++) {
                if (a != b) {
                    try {
                        routes[a][b] = SourceRoutes.shortest(t, hosts.get(a).index(), hosts.get(b).index());
                    } catch (IllegalArgumentException unreachable) {
                        routes[a][b] = null;
                    }
                }
            }
        }
        return routes;
    }
}
