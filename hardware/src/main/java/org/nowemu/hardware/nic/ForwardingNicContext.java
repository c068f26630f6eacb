package org.nowemu.hardware.nic;

import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.nowemu.actors.stats.Counter;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.profile.NicSettings;

/**
 * A {@link NicContext} that passes every call on to another, the processor's context of the event being handled: a
 * view of the NIC that changes a few of its calls ({@link PowerCycle}'s lives) overrides only those.
 */
public abstract class ForwardingNicContext implements NicContext {
    /** The context calls go to now. */
    protected abstract NicContext target();

    @Override
    public int nic() {
        return target().nic();
    }

    @Override
    public int processor() {
        return target().processor();
    }

    @Override
    public NicSettings settings() {
        return target().settings();
    }

    @Override
    public long now() {
        return target().now();
    }

    @Override
    public void cycles(long n) {
        target().cycles(n);
    }

    @Override
    public Sram sram() {
        return target().sram();
    }

    @Override
    public Packet packet(byte[] route, byte[] body) {
        return target().packet(route, body);
    }

    @Override
    public void transmit(Packet packet) {
        target().transmit(packet);
    }

    @Override
    public void postReceive(int buffers) {
        target().postReceive(buffers);
    }

    @Override
    public void hostDma(DmaRequest request) {
        target().hostDma(request);
    }

    @Override
    public void tell(int component, long delayPs, Object payload) {
        target().tell(component, delayPs, payload);
    }

    @Override
    public void timer(long delayPs, Object tag) {
        target().timer(delayPs, tag);
    }

    @Override
    public Counter counter(String name) {
        return target().counter(name);
    }

    @Override
    public Histogram histogram(String name) {
        return target().histogram(name);
    }

    @Override
    public SplittableRandom random() {
        return target().random();
    }
}
