package org.nowemu.protocol.parts.dispatch;

import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;

/**
 * A NIC control program's dispatch loop: it looks in turn at what the host wrote into SRAM, the receive DMA, the
 * send DMA, the host DMA engine and its timers, and hands each event to the step that serves it. A host write whose
 * words are still arriving (no payload yet) is not looked at: the loop reads only the flag written last. An event
 * the program has no step for is a bug in the model, not a run's outcome: it throws. What each step costs is the
 * step's own: the loop's look is charged where the program says (its {@code poll} step).
 */
public abstract class DispatchLoop implements Firmware {
    private final String name;

    /** @param name the program's name in the message of an event it has no step for ({@code "trapeze"}) */
    protected DispatchLoop(String name) {
        this.name = name;
    }

    @Override
    public final void handle(NicContext ctx, Object event) {
        if (event instanceof NicEvent.HostWrite w) {
            if (w.payload() != null) {
                onHostWrite(w.payload(), w.thread());
            }
        } else if (event instanceof NicEvent.PacketReceived rx) {
            onPacket(rx);
        } else if (event instanceof NicEvent.PacketSent) {
            onSent();
        } else if (event instanceof NicEvent.DmaDone d) {
            onDmaDone(d.tag());
        } else if (!(event instanceof NicEvent.Timer t && onTimer(t.tag()))) {
            throw new IllegalStateException(name + " firmware: unexpected " + event);
        }
    }

    /** The host (thread {@code thread}) has written {@code written} into SRAM, its flag last. */
    protected abstract void onHostWrite(Object written, int thread);

    /** The receive DMA has put a packet into a posted SRAM buffer. */
    protected abstract void onPacket(NicEvent.PacketReceived rx);

    /** The send DMA has put the oldest packet handed to it on the wire, its tail gone. */
    protected abstract void onSent();

    /** The host DMA engine has finished the transfer tagged {@code tag}. */
    protected abstract void onDmaDone(long tag);

    /** Timer {@code tag} fired: whether it was one of this program's (false: an event it has no step for). */
    protected boolean onTimer(Object tag) {
        return false;
    }
}
