package org.nowemu.protocol.parts.staged;

import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.parts.dispatch.DispatchLoop;
import org.nowemu.protocol.parts.dma.HostDmas;
import org.nowemu.protocol.parts.ring.FreeFlag;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.parts.steps.FirmwareSteps;

/**
 * A NIC program whose dispatch loop sends through {@link StagedSend}, its host DMAs tagged by {@link HostDmas}: the
 * send DMA's ends go to the send path, the host DMA engine's to the part that started each transfer, and a message
 * that has left gives the host its entry back by a flag. What the program reads from the host, what it sends and
 * how it receives are the system's.
 *
 * @param <T> a message on the send path
 */
public abstract class StagedFirmware<T> extends DispatchLoop implements StagedSend.Messages<T> {
    protected final FirmwareSteps c;
    protected final Routes routes;
    protected NicContext nic;
    protected HostDmas dmas;
    protected StagedSend<T> send;
    /** The host thread, once it has started (-1 before). */
    protected int host = -1;

    /** @param name the program's name in the message of an event it has no step for */
    protected StagedFirmware(String name, FirmwareSteps steps, Routes routes) {
        super(name);
        this.c = steps;
        this.routes = routes;
    }

    /** The NIC is up: the host DMAs' tags and a send path with {@code buffers} SRAM send buffers. */
    protected final void startSend(NicContext ctx, int buffers, StagedSend.Options options) {
        nic = ctx;
        dmas = new HostDmas(ctx);
        send = new StagedSend<>(ctx, c, routes, buffers, options, this, dmas);
    }

    @Override
    protected final void onSent() {
        send.sent();
    }

    @Override
    protected final void onDmaDone(long tag) {
        dmas.done(tag);
    }

    /** Entry {@code index} of the host's {@code ring} is the host's again: a flag step, then the flag, a cycle on. */
    protected final void freeFlag(int ring, int index) {
        nic.cycles(c.flag());
        nic.tell(host, nic.settings().lanai().cycles(1), new FreeFlag(ring, index));
    }
}
