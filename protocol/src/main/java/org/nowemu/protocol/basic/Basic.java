package org.nowemu.protocol.basic;

import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.parts.host.ProcessServices;

/**
 * The survey's basic protocol as a program sees it (§1.2): {@code send(destination, data)} of at most one packet,
 * {@code poll()} that runs the handler for each packet that has arrived, and {@code handle_packet}, the handler the
 * program sets. Everything costs emulated host time on the process's thread; {@link #now} is where its work so far
 * ends.
 */
public final class Basic implements ProcessServices {
    private final BasicProcess p;

    Basic(BasicProcess p) {
        this.p = p;
    }

    public int host() {
        return p.host();
    }

    public int hosts() {
        return p.hosts();
    }

    /** The largest payload a packet takes (256 B for basic, 1 KB for basic1k). */
    public int maxPayload() {
        return p.settings().maxPayload();
    }

    /** Sends {@code data} (at most {@link #maxPayload} bytes) to host {@code dest}; busy-waits for a descriptor. */
    @continuable
    public void send(int dest, byte[] data) {
        p.send(dest, data);
    }

    /**
     * PM's multisend, on systems whose NIC has one (not the survey's protocol): {@code data}, one packet, goes to
     * each of {@code dests}; the NIC fetches it once and sends it to each in turn.
     */
    @continuable
    public void multisend(int[] dests, byte[] data) {
        p.multisend(dests, data);
    }

    /** The handler {@link #poll} runs for each packet. */
    public void setHandler(PacketHandler handler) {
        p.handler(handler);
    }

    /** Runs the handler for each packet that has arrived, until no more has; returns how many. */
    @continuable
    public int poll() {
        return p.poll();
    }

    /** Polls until {@code done} holds (spinning in host time while nothing arrives). */
    @continuable
    public void pollUntil(BooleanSupplier done) {
        p.pollUntil(done, Long.MAX_VALUE);
    }

    /** Polls until {@code done} holds or virtual time reaches {@code deadline}. */
    @continuable
    public void pollUntil(BooleanSupplier done, long deadline) {
        p.pollUntil(done, deadline);
    }

    /**
     * A handler's copy of {@code bytes} out of the receive buffer (memory the NIC wrote) into the program's own
     * buffer (the survey's optional fifth transfer).
     */
    public void copy(int bytes) {
        p.ops().copyFromDma(bytes);
    }

    public void compute(long cycles) {
        p.ops().cycles(cycles);
    }

    @Override
    public LibraryThread process() {
        return p;
    }
}
