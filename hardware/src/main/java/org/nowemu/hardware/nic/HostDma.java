package org.nowemu.hardware.nic;

import java.util.ArrayDeque;
import org.nowemu.actors.runtime.Component;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.hardware.host.BusRequest;
import org.nowemu.hardware.profile.HardwareProfile;

/**
 * The NIC's host DMA engine, shared by both directions: one transfer at a time, in the order the processor
 * queued them; each pays the engine's start-up in LANai cycles, then holds the I/O bus for the transfer (whose
 * cost is the bus's), then tells the processor. It runs at the same time as the network DMAs.
 *
 * <p>Counters: {@code nic.host_dma.transfers}, {@code nic.host_dma.bytes}.
 */
public final class HostDma extends Component {
    private final HardwareProfile profile;
    private final NicParts parts;
    private final ArrayDeque<DmaRequest> queue = new ArrayDeque<>();
    private DmaRequest current;

    /**
     * @param profile the hardware profile (start-up cycles, LANai clock)
     * @param parts   this NIC's parts (processor to notify, bus to use)
     */
    public HostDma(HardwareProfile profile, NicParts parts) {
        this.profile = profile;
        this.parts = parts;
    }

    @Override
    protected Receive createReceive() {
        return Receive.builder()
                .on(DmaRequest.class, r -> {
                    queue.add(r);
                    if (current == null) {
                        next();
                    }
                })
                .on(BusRequest.DmaDone.class, d -> {
                    send(parts.processor(), profile.nic().lanai().cycles(1), new NicEvent.DmaDone(current.tag()));
                    next();
                })
                .build();
    }

    private void next() {
        current = queue.poll();
        if (current == null) {
            return;
        }
        counter("nic.host_dma.transfers").increment();
        counter("nic.host_dma.bytes").add(current.bytes());
        long startup = profile.nic().lanai().cycles(profile.nic().hostDmaStartup());
        send(parts.bus(), startup, new BusRequest.Dma(current.toHost(), current.bytes(), current.streaming(),
                current.hostTarget(), current.payload()));
    }
}
