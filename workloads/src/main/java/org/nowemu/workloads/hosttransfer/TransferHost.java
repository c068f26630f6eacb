package org.nowemu.workloads.hosttransfer;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.host.HostOps;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.parts.translation.AddressTranslation;
import org.nowemu.protocol.parts.translation.Step;
import org.nowemu.protocol.parts.translation.TranslationChoice;
import org.nowemu.protocol.parts.translation.TranslationCosts;
import org.nowemu.protocol.parts.translation.TranslationSettings;
import org.nowemu.protocol.parts.translation.Translated;

/**
 * The program of the host-transfer experiment: for each mechanism and size, {@code transfers} transfers of a host
 * buffer into NIC SRAM one after the other, each finished when the program has polled the NIC's completion word
 * (so every mechanism pays the same completion), timed on the program's clock. PIO writes its words one bus
 * transaction each; PIO with write combining writes them as one write the CPU combines into lines; DMA after a copy
 * copies into a pinned area (the translation part's DMA areas: the copy) and rings a doorbell; DMA with on-demand
 * pinning translates its buffer (the user translates: pinned on first use, cached after) and hands the NIC one piece
 * per page; DMA with translation misses hands the NIC virtual pages its TLB has not seen (a fresh buffer each time),
 * and serves each miss's interrupt: the kernel's dispatch, the pin, the entry written by PIO.
 *
 * <p>Counters: {@code xfer.ps.<mechanism>.<bytes>} (time of the transfers of that size), {@code xfer.pinned_pages}.
 */
final class TransferHost extends LibraryThread {
    private final TransferSettings s;
    private final TranslationSettings ts;
    private final TranslationCosts costs;
    private final long interruptPs;
    private final long pageSize;
    /** One turn of the poll loop besides the flag's load (the shared library step, host cycles). */
    private final int loopCycles;
    private int done = -1;
    private final List<TransferWire.MissInterrupt> interrupts = new ArrayList<>();
    private long nextFresh = 1L << 32;

    TransferHost(HardwareProfile profile, NicParts nic, TransferSettings s, TranslationSettings ts, int loopCycles) {
        super(profile, nic, 1);
        this.loopCycles = loopCycles;
        this.s = s;
        this.ts = ts;
        this.costs = new TranslationCosts(profile);
        this.interruptPs = profile.host().interruptDispatch();
        this.pageSize = profile.host().pageSize();
    }

    @Override
    @continuable
    protected void program() {
        ops().pioWrite(1, new TransferWire.Init());
        int id = 0;
        for (Mechanism m : s.mechanisms()) {
            AddressTranslation t = switch (m) {
                case DMA_COPY -> new AddressTranslation(TranslationChoice.DMA_AREA, ts, pageSize);
                case DMA_PIN -> new AddressTranslation(TranslationChoice.USER, ts, pageSize);
                case DMA_MISS -> new AddressTranslation(TranslationChoice.NIC_TLB, ts, pageSize);
                default -> null;
            };
            for (int size : s.sizes()) {
                long start = clock();
                for (int i = 0; i < s.transfers(); i++) {
                    transfer(m, t, size, id);
                    awaitDone(id++);
                }
                stat("xfer.ps." + m.key + "." + size).add(clock() - start);
            }
        }
    }

    @continuable
    private void transfer(Mechanism m, AddressTranslation t, int size, int id) {
        HostOps ops = ops();
        int words = size / 4;
        switch (m) {
            case PIO -> {
                for (int w = 1; w <= words; w++) {
                    ops.pioWrite(1, w == words ? new TransferWire.PioDone(id) : null);
                }
            }
            case PIO_WC -> ops.pioWrite(words, new TransferWire.PioDone(id));
            case DMA_COPY -> {
                runLibrary(t.translate(0, size));
                ops.pioWrite(2, new TransferWire.Fetch(id, List.of(size), List.of()));
            }
            case DMA_PIN -> {
                Translated x = t.translate(0, size);
                runLibrary(x);
                ops.pioWrite(2 + 2 * x.pages(), new TransferWire.Fetch(id, pieces(0, size), x.nic()));
            }
            case DMA_MISS -> {
                long va = nextFresh;
                nextFresh += (size + pageSize - 1) / pageSize * pageSize;
                Translated x = t.translate(va, size);
                ops.pioWrite(3, new TransferWire.Fetch(id, pieces(va, size), x.nic()));
            }
            default -> throw new IllegalStateException(m.key);
        }
    }

    /** The pieces of a buffer cut at page boundaries (its pages are not contiguous in physical memory). */
    private List<Integer> pieces(long va, int size) {
        List<Integer> p = new ArrayList<>();
        long at = va;
        long end = va + size;
        while (at < end) {
            long next = Math.min(end, (at / pageSize + 1) * pageSize);
            p.add((int) (next - at));
            at = next;
        }
        return p;
    }

    private void runLibrary(Translated x) {
        for (Step step : x.library()) {
            if (step instanceof Step.HostCycles h) {
                ops().cycles(h.cycles());
            } else if (step instanceof Step.HostCopy c) {
                ops().memcpy(c.bytes());
            } else {
                computeFor(costs.ps(step));
            }
        }
        stat("xfer.pinned_pages").add(x.pinned());
    }

    /** Polls the completion word, serving the NIC's miss interrupts as they come. */
    @continuable
    private void awaitDone(int id) {
        long iteration = ops().pollHitPs() + ops().cyclesPs(loopCycles);
        while (true) {
            sync();
            if (!interrupts.isEmpty()) {
                TransferWire.MissInterrupt mi = interrupts.remove(0);
                computeFor(interruptPs);
                computeFor(costs.ps(new Step.HostPin(mi.pages())));
                stat("xfer.pinned_pages").add(mi.pages());
                ops().pioWrite(mi.installWords(), new TransferWire.Installed());
                continue;
            }
            boolean d = done == id;
            ops().poll(d);
            if (d) {
                return;
            }
            idle(() -> done == id || !interrupts.isEmpty(), iteration, Long.MAX_VALUE);
        }
    }

    @Override
    protected void onMemory(Object written) {
        if (written instanceof TransferWire.Done d) {
            done = d.id();
        } else if (written instanceof TransferWire.MissInterrupt mi) {
            interrupts.add(mi);
        }
    }
}
