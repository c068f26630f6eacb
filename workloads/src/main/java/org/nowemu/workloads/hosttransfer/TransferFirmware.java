package org.nowemu.workloads.hosttransfer;

import java.util.ArrayDeque;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.protocol.parts.dma.HostDmas;
import org.nowemu.protocol.parts.steps.FirmwareSteps;
import org.nowemu.protocol.parts.translation.Step;

/**
 * The NIC's side of the host-transfer experiment: a PIO transfer is in SRAM when its last word has landed; a DMA
 * transfer is fetched once the NIC has run its translation steps (a TLB lookup; for a miss, an interrupt to the host,
 * whose kernel pins the page and writes the entry, which the NIC waits for; a UTLB entry fetched by DMA), one host
 * DMA per contiguous piece. Either way the NIC then writes the transfer's completion word into host memory by DMA,
 * which the program polls. LANai work per transfer: a poll and a DMA set-up per DMA, the comparison systems' shared
 * step costs ({@code nowemu.protocol.steps.firmware}), for every mechanism alike.
 *
 * <p>Counters: {@code xfer.fetches} (host DMAs of data), {@code xfer.interrupts} (TLB misses sent to the host).
 */
final class TransferFirmware implements Firmware, HostDmas.Client<TransferFirmware.Fetched> {
    /** What a host DMA into SRAM means when it is done. */
    sealed interface Fetched {
    }

    /** A translation entry is in (the UTLB's fetch): the next translation step may run. */
    private record EntryIn() implements Fetched {
    }

    /** The last piece of transfer {@code id} is in: its completion word goes to the host. */
    private record TransferIn(int id) implements Fetched {
    }

    /** A piece of a transfer, not its last, is in: nothing waits for it. */
    private record PieceIn() implements Fetched {
    }

    private final int pollCycles;
    private final int dmaCycles;
    private NicContext nic;
    private HostDmas dmas;
    private int host = -1;
    private ArrayDeque<Step> steps;
    private TransferWire.Fetch fetch;

    TransferFirmware(FirmwareSteps steps) {
        this.pollCycles = steps.poll();
        this.dmaCycles = steps.dma();
    }

    @Override
    public void start(NicContext ctx) {
        nic = ctx;
        dmas = new HostDmas(ctx);
        ctx.sram().allocate("transfer buffer", 1L << 19);
    }

    @Override
    public void handle(NicContext ctx, Object event) {
        if (event instanceof NicEvent.DmaDone d) {
            dmas.done(d.tag());
        } else if (event instanceof NicEvent.HostWrite w && w.payload() != null) {
            onHostWrite(w);
        } else if (!(event instanceof NicEvent.HostWrite)) {
            throw new IllegalStateException("transfer firmware: unexpected " + event);
        }
    }

    private void onHostWrite(NicEvent.HostWrite w) {
        Object p = w.payload();
        if (p instanceof TransferWire.Init) {
            host = w.thread();
        } else if (p instanceof TransferWire.PioDone d) {
            nic.cycles(pollCycles);
            complete(d.id());
        } else if (p instanceof TransferWire.Fetch f) {
            nic.cycles(pollCycles);
            fetch = f;
            steps = new ArrayDeque<>(f.nicSteps());
            advance();
        } else if (p instanceof TransferWire.Installed) {
            advance();
        } else {
            throw new IllegalStateException("transfer firmware: unexpected host write " + p);
        }
    }

    /** Runs the translation steps in order, waiting where a step waits, then fetches the data. */
    private void advance() {
        while (!steps.isEmpty()) {
            Step s = steps.poll();
            if (s instanceof Step.NicCycles c) {
                nic.cycles(c.cycles());
            } else if (s instanceof Step.EntryFetch e) {
                nic.cycles(dmaCycles);
                dmas.fromHost(e.bytes(), false, this, new EntryIn());
                return;
            } else if (s instanceof Step.Interrupt) {
                // The kernel's part of the miss: its pin and its PIO install are the next two steps, run on the host.
                Step.HostPin pin = (Step.HostPin) steps.poll();
                Step.PioInstall install = (Step.PioInstall) steps.poll();
                nic.counter("xfer.interrupts").increment();
                nic.tell(host, nic.settings().lanai().cycles(1),
                        new TransferWire.MissInterrupt(pin.pages(), install.words()));
                return;
            } else {
                throw new IllegalStateException("transfer firmware: a host step on the NIC: " + s);
            }
        }
        TransferWire.Fetch f = fetch;
        int last = f.pieces().size() - 1;
        for (int i = 0; i <= last; i++) {
            nic.cycles(dmaCycles);
            nic.counter("xfer.fetches").increment();
            dmas.fromHost(f.pieces().get(i), false, this, i == last ? new TransferIn(f.id()) : new PieceIn());
        }
    }

    @Override
    public void dmaDone(Fetched done) {
        if (done instanceof EntryIn) {
            advance();
        } else if (done instanceof TransferIn t) {
            complete(t.id());
        }
    }

    private void complete(int id) {
        nic.cycles(dmaCycles);
        dmas.toHost(4, false, host, new TransferWire.Done(id));
    }
}
