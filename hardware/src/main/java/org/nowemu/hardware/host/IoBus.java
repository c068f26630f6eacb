package org.nowemu.hardware.host;

import java.util.ArrayDeque;
import org.nowemu.actors.runtime.Component;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.profile.BusSettings;
import org.nowemu.hardware.profile.HardwareProfile;

/**
 * A host's I/O bus (SBus on the NOW, PCI on the Pentium Pro): one master at a time. Host threads' programmed I/O
 * (so many ns per 4-byte word, reads much dearer than writes; combined into line bursts where the profile has write
 * combining) and the NIC's host DMA (a start-up, then bytes at the rate of the mode and direction: consistent DMA
 * starts cheaply, a streaming read pays a stream-buffer flush per transfer, a write in either mode only the card's
 * set-up; the card reads host memory slower than it writes it) share it. A DMA holds the bus burst by burst ({@code dma-burst} bytes a tenure): PIO waiting when a
 * burst ends takes the bus first (the host bridge wins the arbitration), and the DMA goes on after it, so a word
 * written while a long DMA runs waits for one burst, not for the whole transfer. A read's start-up holds the bus only
 * where the mode says so ({@code startup-on-bus}): the flush happens in the bus bridge and is not interrupted, whereas
 * a consistent transfer's set-up and address translation happen before the engine asks for the bus; a write's never
 * does. A resource: busy
 * state, queues, and its own completion event.
 *
 * <p>Counters: {@code bus.pio_words}, {@code bus.dma_transfers}, {@code bus.dma_bytes}, {@code bus.busy_ps}
 * (time the bus spent in transactions), {@code bus.dma_yields} (times a DMA let PIO pass between bursts).
 */
public final class IoBus extends Component {
    private record Pending(int source, BusRequest request) {
    }

    /** The current tenure ends, unless something since made it stale. */
    private record Done(long generation) {
    }

    /** The running DMA reaches the burst boundary at which waiting PIO takes the bus. */
    private record Yield(long generation) {
    }

    /** A DMA whose start-up has passed: it now asks for the bus. */
    private record StartedUp(Pending dma) {
    }

    private final HardwareProfile profile;
    private final int processor;
    private final ArrayDeque<Pending> pios = new ArrayDeque<>();
    private final ArrayDeque<Pending> dmas = new ArrayDeque<>();
    private final long signal;
    /** What holds the bus (null: idle), and the generation its completion event carries. */
    private Pending current;
    private long generation;
    /** The DMA under way (on the bus or paused for PIO), null if none. */
    private Pending dma;
    /** Of the DMA under way: on-bus start-up and data time left, as of segmentStart, and its burst time. */
    private long flushLeft;
    private long dataLeft;
    private long segmentStart;
    private long burstPs;
    private boolean yieldPending;

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
                .on(BusRequest.Pio.class, r -> onPio(new Pending(sender(), r)))
                .on(StartedUp.class, s -> onDmaAsks(s.dma()))
                .on(Yield.class, y -> onYield(y.generation()))
                .on(Done.class, d -> {
                    if (d.generation() == generation) {
                        complete();
                    }
                })
                .build();
    }

    private void onDma(Pending p) {
        BusRequest.Dma d = (BusRequest.Dma) p.request();
        long offBus = profile.bus().mode(d.streaming()).offBus(d.toHost());
        if (offBus == 0) {
            onDmaAsks(p);
        } else {
            schedule(offBus, new StartedUp(p));
        }
    }

    private void onDmaAsks(Pending p) {
        dmas.add(p);
        if (current == null) {
            next();
        }
    }

    private void onPio(Pending p) {
        pios.add(p);
        if (current == null) {
            next();
        } else if (current == dma && !yieldPending) {
            yieldAtNextBurst();
        }
    }

    /** Gives the bus to waiting PIO first, then to the paused DMA, then to the next DMA. */
    private void next() {
        current = null;
        if (!pios.isEmpty()) {
            startPio(pios.poll());
        } else if (dma != null) {
            runDma();
        } else if (!dmas.isEmpty()) {
            startDma(dmas.poll());
        }
    }

    private void startPio(Pending p) {
        current = p;
        BusRequest.Pio pio = (BusRequest.Pio) p.request();
        BusSettings bus = profile.bus();
        long cost = pio.write() ? bus.pioWrite(pio.words()) : bus.pioRead(pio.words());
        counter("bus.pio_words").add(pio.words());
        counter("bus.busy_ps").add(cost);
        traceSpan(pio.write() ? "PioWrite" : "PioRead", now(), cost);
        if (pio.posted()) {
            send(p.source(), signal, new BusRequest.PioStarted(pio.tag(), now()));
        }
        schedule(cost, new Done(++generation));
    }

    private void startDma(Pending p) {
        dma = p;
        BusRequest.Dma d = (BusRequest.Dma) p.request();
        BusSettings.DmaMode mode = profile.bus().mode(d.streaming());
        flushLeft = mode.onBusStartup(d.toHost());
        dataLeft = mode.rate(d.toHost()).psFor(d.bytes());
        burstPs = Math.max(1, mode.rate(d.toHost()).psFor(profile.bus().dmaBurst()));
        counter("bus.dma_transfers").increment();
        counter("bus.dma_bytes").add(d.bytes());
        counter("bus.busy_ps").add(flushLeft + dataLeft);
        runDma();
    }

    /** Puts the DMA under way on the bus for what it has left. */
    private void runDma() {
        current = dma;
        segmentStart = now();
        schedule(flushLeft + dataLeft, new Done(++generation));
    }

    /**
     * PIO is waiting while the DMA holds the bus: the DMA lets it pass where its current burst ends (the flush is
     * not interrupted, and a boundary at the very end is no boundary).
     */
    private void yieldAtNextBurst() {
        long elapsed = now() - segmentStart;
        long at;
        if (elapsed < flushLeft) {
            at = segmentStart + flushLeft;
        } else {
            long data = elapsed - flushLeft;
            at = segmentStart + flushLeft + (data + burstPs - 1) / burstPs * burstPs;
        }
        if (at >= segmentStart + flushLeft + dataLeft) {
            return;
        }
        yieldPending = true;
        if (at == now()) {
            onYield(generation);
        } else {
            schedule(at - now(), new Yield(generation));
        }
    }

    private void onYield(long gen) {
        if (gen != generation || current != dma) {
            return;
        }
        yieldPending = false;
        long elapsed = now() - segmentStart;
        long flushed = Math.min(elapsed, flushLeft);
        flushLeft -= flushed;
        dataLeft -= elapsed - flushed;
        traceSpan("Dma", segmentStart, elapsed);
        counter("bus.dma_yields").increment();
        generation++;
        next();
    }

    private void complete() {
        Pending p = current;
        if (p.request() instanceof BusRequest.Pio pio) {
            if (pio.write()) {
                send(processor, signal, new NicEvent.HostWrite(pio.payload(), p.source()));
            }
            if (!pio.posted()) {
                send(p.source(), signal, new BusRequest.PioDone(pio.tag()));
            }
        } else {
            traceSpan("Dma", segmentStart, now() - segmentStart);
            BusRequest.Dma d = (BusRequest.Dma) p.request();
            if (d.toHost() && d.hostTarget() >= 0) {
                send(d.hostTarget(), signal, new BusRequest.DmaWrite(d.payload()));
            }
            send(p.source(), signal, new BusRequest.DmaDone());
            dma = null;
            yieldPending = false;
        }
        next();
    }
}
