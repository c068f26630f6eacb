package org.nowemu.protocol.basic;

/** The survey's {@code handle_packet}: the user's upcall for each packet {@code poll} finds. */
@FunctionalInterface
public interface PacketHandler {
    /**
     * @param src  the sending host
     * @param data the packet's payload, in the host receive buffer (the buffer is given back when this returns;
     *             a handler that keeps the data copies it, and charges the copy: {@link Basic#copy})
     */
    void handle(int src, byte[] data);
}
