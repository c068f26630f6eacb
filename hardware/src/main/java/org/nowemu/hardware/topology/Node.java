package org.nowemu.hardware.topology;

/**
 * A host (one NIC, one port) or a crossbar switch of a {@link Topology}.
 *
 * @param index position in {@link Topology#nodes()}
 * @param kind  host or switch
 * @param name  unique name, used in messages, traces and topology files (for example {@code s3}, {@code h17})
 * @param ports number of ports: 1 for a host, the switch's port count for a switch
 */
public record Node(int index, Kind kind, String name, int ports) {
    public enum Kind { HOST, SWITCH }

    public boolean isHost() {
        return kind == Kind.HOST;
    }

    public boolean isSwitch() {
        return kind == Kind.SWITCH;
    }
}
