package org.nowemu.protocol.unet;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.host.PolledLibrary;

/**
 * U-Net as a program sees it (systems §13.2), for the endpoint the process gets when it starts
 * ({@code unet_create_endpoint}): {@code createChannel} ({@code unet_create_channel}), {@code compose} (the program
 * puts its data in the segment), {@code send} ({@code unet_send}), {@code poll} and {@code next}
 * ({@code unet_poll}, which here also gives the descriptor and its buffer back: {@code unet_post_free}), and
 * {@code upcalls} ({@code unet_set_upcall}: wait by interrupt).
 */
public final class Unet extends PolledLibrary<Unet.Message> {
    private final UnetProcess p;

    Unet(UnetProcess p) {
        super(p);
        this.p = p;
    }

    /**
     * A received message.
     *
     * @param src    the sending host
     * @param data   its bytes
     * @param buffer where in the segment they lie (-1: they came in the descriptor)
     */
    public record Message(int src, byte[] data, long buffer) {
    }

    /** The largest message: one receive buffer. */
    public int maxMessage() {
        return p.settings().bufferSize();
    }

    /** Messages up to this size travel in the descriptor. */
    public int inlineBytes() {
        return p.settings().inlineBytes();
    }

    /** Where the segment's send area begins (the free buffers come first). */
    public long sendArea() {
        return p.settings().bufferOffset(p.settings().freeQueue());
    }

    public long segment() {
        return p.settings().segment();
    }

    /** A channel to host {@code dest}, set up by the kernel (a trap): its number. */
    @continuable
    public int createChannel(int dest) {
        return p.createChannel(dest);
    }

    /** The program puts {@code bytes} bytes of its data, at virtual address {@code va}, where the NIC sends from. */
    public void compose(long va, int bytes) {
        p.compose(va, bytes);
    }

    /** Sends {@code data} on {@code channel}, from segment offset (or, U-Net/MM, virtual address) {@code offset}. */
    @continuable
    public void send(int channel, long offset, byte[] data) {
        p.send(channel, offset, data);
    }

    /** Whether the host waits for messages by upcall (an interrupt delivered as a signal) rather than by polling. */
    @continuable
    public void upcalls(boolean on) {
        p.interrupts(on);
    }
}
