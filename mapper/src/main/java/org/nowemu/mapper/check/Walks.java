package org.nowemu.mapper.check;

import java.util.ArrayList;
import java.util.List;
import org.nowemu.hardware.topology.Cable;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.Topology;

/**
 * Packets walked over the real topology the way its switches forward them (each route byte an offset from the
 * entry port; a byte naming no cable, a switch with no byte left, or a host reached with bytes left loses the
 * packet). For checking what a mapper found against the truth; the mapper itself never sees this.
 */
public final class Walks {
    /** Where a walk ends: the node reached and the port it came in on; and the directed cables it used. */
    public record End(int node, int port, List<int[]> channels) {
    }

    private final Topology t;
    private final List<Cable> cables;
    private final int[][] peerNode;
    private final int[][] peerPort;
    private final int[] hostNode;

    public Walks(Topology t) {
        this(t, t.cables());
    }

    /**
     * Walks over {@code t} with only {@code cables} in place (some of its cables cut, say; the rest of the network
     * may then be in pieces, which no {@link Topology} may be).
     */
    public Walks(Topology t, java.util.Collection<Cable> cables) {
        this.t = t;
        this.cables = List.copyOf(cables);
        int n = t.nodes().size();
        peerNode = new int[n][];
        peerPort = new int[n][];
        for (Node node : t.nodes()) {
            peerNode[node.index()] = new int[node.ports()];
            peerPort[node.index()] = new int[node.ports()];
            java.util.Arrays.fill(peerNode[node.index()], -1);
        }
        for (Cable c : this.cables) {
            peerNode[c.a().node()][c.a().port()] = c.b().node();
            peerPort[c.a().node()][c.a().port()] = c.b().port();
            peerNode[c.b().node()][c.b().port()] = c.a().node();
            peerPort[c.b().node()][c.b().port()] = c.a().port();
        }
        List<Node> hosts = t.hosts();
        hostNode = new int[hosts.size()];
        for (int i = 0; i < hosts.size(); i++) {
            hostNode[i] = hosts.get(i).index();
        }
    }

    public Topology topology() {
        return t;
    }

    /** The cables in place. */
    public List<Cable> cables() {
        return cables;
    }

    /** Node index of the host with NIC address {@code nic}. */
    public int hostNode(int nic) {
        return hostNode[nic];
    }

    /** NIC address of host node {@code node}, or -1 for a switch. */
    public int nicOf(int node) {
        for (int i = 0; i < hostNode.length; i++) {
            if (hostNode[i] == node) {
                return i;
            }
        }
        return -1;
    }

    /** The node and port at the far end of ({@code node}, {@code port}), or null if nothing is plugged in. */
    public int[] peer(int node, int port) {
        if (port < 0 || port >= peerNode[node].length || peerNode[node][port] < 0) {
            return null;
        }
        return new int[] {peerNode[node][port], peerPort[node][port]};
    }

    /**
     * Walks {@code route} from host {@code fromNic}: returns where the last byte took the packet (a switch entered
     * on a port when {@code stopAtSwitch}, else the host it reached with every byte used), or null if lost.
     */
    public End walk(int fromNic, byte[] route, boolean stopAtSwitch) {
        int node = hostNode[fromNic];
        List<int[]> channels = new ArrayList<>();
        int[] at = peer(node, 0);
        channels.add(new int[] {node, 0});
        if (at == null) {
            return null;
        }
        for (byte b : route) {
            if (!t.nodes().get(at[0]).isSwitch()) {
                return null;
            }
            int out = at[1] + b;
            int[] next = peer(at[0], out);
            if (next == null) {
                return null;
            }
            channels.add(new int[] {at[0], out});
            at = next;
        }
        boolean host = !t.nodes().get(at[0]).isSwitch();
        if (stopAtSwitch == host) {
            return null;
        }
        return new End(at[0], at[1], channels);
    }
}
