package org.nowemu.hardware.topology;

/** One port of a node: the end of at most one cable. A host's only port is 0. */
public record Port(int node, int port) implements Comparable<Port> {
    @Override
    public int compareTo(Port o) {
        return node != o.node ? Integer.compare(node, o.node) : Integer.compare(port, o.port);
    }
}
