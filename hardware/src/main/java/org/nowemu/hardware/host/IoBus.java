package org.nowemu.hardware.host;

import java.util.ArrayDeque;
import org.nowemu.actors.runtime.Component;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.hardware.profile.BusSettings;
import org.nowemu.hardware.profile.HardwareProfile;

/**
 * A host's I/O bus (SBus on the NOW, PCI on the Pentium Pro): one transaction at a time, in arrival order,
 * whether a host thread's programmed I/O (so many ns per 4-byte word, reads much dearer than writes) or the NIC's
 * host DMA (a start-up, then bytes at the mode's rate: consistent DMA starts cheaply, streaming DMA pays a
 * stream-buffer flush per transfer and moves bytes faster). A start-up holds the bus only where the mode says so
 * ({@code startup-on-bus}): the flush happens in the bus bridge, whereas a consistent transfer's set-up and
 * address translation happen before the engine asks for the bus, so programmed I/O may pass meanwhile. A
 * resource: a busy flag, a queue, and its own completion event.
 *
 * <p>Counters: {@code bus.pio_words}, {@code bus.dma_transfers}, {@code bus.dma_bytes}, {@code bus.busy_ps}
 * (time the bus spent in transactions).
 */
public final class IoBus extends Component {
    private record Pending(int source, BusRequest request) {
    }

    private record Done() {
    }

    /** A DMA whose start-up has passed: it now asks for the bus. */
    private record StartedUp(Pending dma) {
    }

    private final HardwareProfile profile;
    private final int processor;
    private final ArrayDeque<Pending> queue = new ArrayDeque<>();
    private final long signal;
    private Pending current;

    /**
     * @param profile   the hardware profile (bus costs, LANai clock for the signal delay)
     * @param processor the NIC processor that receives PIO writes
     */
    public IoBus(HardwareProfile profile, int processor) {
        this.profile = profile;
        this.processor = processor;
        this.signal = profile.nic().lanai().cycles(1);
    }

    @Override
    protected Receive createReceive() {
        return Receive.builder()
                .on(BusRequest.Dma.class, r -> onDma(new Pending(sender(), r)))
                .on(BusRequest.class, r -> arrive(new Pending(sender(), r)))
                .on(StartedUp.class, s -> arrive(s.dma()))
                .on(Done.class, d -> complete())
                .build();
    }

    private void onDma(Pending p) {
        long offBus = profile.bus().mode(((BusRequest.Dma) p.request()).streaming()).offBus();
        if (offBus == 0) {
            arrive(p);
        } else {
            schedule(offBus, new StartedUp(p));
        }
    }

    private void arrive(Pending p) {
        queue.add(p);
        if (current == null) {
            next();
        }
    }

    private void next() {
        current = queue.poll();
        if (current == null) {
            return;
        }
        BusSettings bus = profile.bus();
        long cost;
        if (current.request() instanceof BusRequest.Pio pio) {
            cost = (long) pio.words() * (pio.write() ? bus.pioWriteWord() : bus.pioReadWord());
            counter("bus.pio_words").add(pio.words());
        } else {
            BusRequest.Dma dma = (BusRequest.Dma) current.request();
            cost = bus.mode(dma.streaming()).onBus(dma.bytes());
            counter("bus.dma_transfers").increment();
            counter("bus.dma_bytes").add(dma.bytes());
        }
        counter("bus.busy_ps").add(cost);
        traceSpan(current.request().getClass().getSimpleName(), now(), cost);
        schedule(cost, new Done());
    }

    private void complete() {
        Pending p = current;
        if (p.request() instanceof BusRequest.Pio pio) {
            if (pio.write()) {
                send(processor, signal, new NicEvent.HostWrite(pio.payload(), p.source()));
            }
            send(p.source(), signal, new BusRequest.PioDone(pio.tag()));
        } else {
            BusRequest.Dma dma = (BusRequest.Dma) p.request();
            if (dma.toHost() && dma.hostTarget() >= 0) {
                send(dma.hostTarget(), signal, new BusRequest.DmaWrite(dma.payload()));
            }
            send(p.source(), signal, new BusRequest.DmaDone());
        }
        next();
    }
}
