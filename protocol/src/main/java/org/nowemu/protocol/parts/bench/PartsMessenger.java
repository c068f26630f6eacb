package org.nowemu.protocol.parts.bench;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.host.ProcessServices;

/**
 * A {@link LibraryMessenger} over a system whose sends carry at most a fixed number of bytes (the basic protocol,
 * PM, Hamlyn): a message or an acknowledgement goes as its {@link MarkedParts}, one {@link #sendPart} each, and
 * the system's handler passes every part to {@link #arrivedPart}, which counts the message at its last.
 */
public abstract class PartsMessenger extends LibraryMessenger {
    private final MarkedParts parts;

    /**
     * @param lib the host API of the program the adapter runs in
     * @param maxPart the most bytes one of the system's sends carries
     */
    protected PartsMessenger(ProcessServices lib, int maxPart) {
        super(lib);
        this.parts = new MarkedParts(maxPart);
    }

    /** Sends one part, as the system sends a packet. */
    @continuable
    protected abstract void sendPart(int dest, byte[] part);

    /** The parts this messenger cuts messages into. */
    protected final MarkedParts parts() {
        return parts;
    }

    @Override
    @continuable
    public void send(int dest, int bytes) {
        for (byte[] part : parts.of(bytes)) {
            sendPart(dest, part);
        }
    }

    /** An acknowledgement: its parts as a message's, the last marked an acknowledgement's. */
    @Override
    @continuable
    public final void sendAck(int dest, int bytes) {
        for (byte[] part : parts.ofAck(bytes)) {
            sendPart(dest, part);
        }
    }
}
