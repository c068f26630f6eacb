package org.nowemu.actors.runtime;

/**
 * What the two-lane runtime tests build their models from: a component at one end of a cable between two lanes,
 * with one neighbour on its own side ({@code local}: a switch's host, a NIC's thread) and the component at the
 * cable's other end ({@code peer}).
 */
abstract class CableEnd extends Component {
    final int local;
    final int peer;

    CableEnd(int local, int peer) {
        this.local = local;
        this.peer = peer;
    }
}
