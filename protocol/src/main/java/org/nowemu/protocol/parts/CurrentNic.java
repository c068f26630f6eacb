package org.nowemu.protocol.parts;

import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.nowemu.actors.stats.Counter;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.nic.DmaRequest;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.Sram;
import org.nowemu.hardware.profile.NicSettings;

/**
 * The NIC that a firmware's parts act on: the processor's context for the event being handled. The firmware that
 * composes the parts hands each of them this one object when it builds them and points it at the processor's
 * context whenever the processor calls in ({@link #use}), so a part charges its cycles, counts and acts on the NIC
 * without the context passed through every call.
 */
public final class CurrentNic implements NicContext {
    private NicContext nic;

    /** From now on the parts act on {@code context}. */
    public void use(NicContext context) {
        this.nic = context;
    }

    @Override
    public int nic() {
        return nic.nic();
    }

    @Override
    public int processor() {
        return nic.processor();
    }

    @Override
    public NicSettings settings() {
        return nic.settings();
    }

    @Override
    public long now() {
        return nic.now();
    }

    @Override
    public void cycles(long n) {
        nic.cycles(n);
    }

    @Override
    public Sram sram() {
        return nic.sram();
    }

    @Override
    public Packet packet(byte[] route, byte[] body) {
        return nic.packet(route, body);
    }

    @Override
    public void transmit(Packet packet) {
        nic.transmit(packet);
    }

    @Override
    public void postReceive(int buffers) {
        nic.postReceive(buffers);
    }

    @Override
    public void hostDma(DmaRequest request) {
        nic.hostDma(request);
    }

    @Override
    public void tell(int component, long delayPs, Object payload) {
        nic.tell(component, delayPs, payload);
    }

    @Override
    public void timer(long delayPs, Object tag) {
        nic.timer(delayPs, tag);
    }

    @Override
    public Counter counter(String name) {
        return nic.counter(name);
    }

    @Override
    public Histogram histogram(String name) {
        return nic.histogram(name);
    }

    @Override
    public SplittableRandom random() {
        return nic.random();
    }
}
