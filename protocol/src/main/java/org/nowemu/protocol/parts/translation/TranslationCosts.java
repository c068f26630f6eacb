package org.nowemu.protocol.parts.translation;

import java.util.List;
import org.nowemu.hardware.profile.HardwareProfile;

/**
 * What a translation {@link Step} costs alone, on an idle machine, at the profile's per-operation costs: host
 * cycles at the CPU clock; a pin call's trap plus its pages (pin-call, pin-page); a copy at the memory-copy rate;
 * LANai cycles at its clock; an interrupt's dispatch to the kernel handler; a PIO write's bus time; an entry fetch's
 * host DMA (the engine's start-up, then a consistent-mode read of the entry). This is the floor on an idle machine,
 * for a caller that charges a step as time on its own thread (a library's lookup, pin or copy) and for the tests that
 * work a miss out by hand. No firmware charges the host's part of a NIC TLB miss with it: the NIC interrupts the host
 * and waits ({@link TlbMisses}), the kernel's handler takes the program's CPU for the dispatch and the pin, and its
 * PIO install crosses the bus behind any DMA under way ({@code hardware/host/KernelHandlers}), so a busy host or bus
 * makes the miss dearer than this.
 */
public final class TranslationCosts {
    private final HardwareProfile p;

    public TranslationCosts(HardwareProfile profile) {
        this.p = profile;
    }

    /** The time of one step (ps). */
    public long ps(Step step) {
        if (step instanceof Step.HostCycles h) {
            return p.host().cpu().cycles(h.cycles());
        } else if (step instanceof Step.HostPin pin) {
            return p.host().pinCall() + pin.pages() * p.host().pinPage();
        } else if (step instanceof Step.HostCopy c) {
            return c.bytes() == 0 ? 0 : p.host().memoryCopy().psFor(c.bytes());
        } else if (step instanceof Step.NicCycles n) {
            return p.nic().lanai().cycles(n.cycles());
        } else if (step instanceof Step.Interrupt) {
            return p.host().interruptDispatch();
        } else if (step instanceof Step.PioInstall i) {
            return p.bus().pioWrite(i.words());
        } else if (step instanceof Step.EntryFetch f) {
            return p.nic().lanai().cycles(p.nic().hostDmaStartup()) + p.bus().mode(false).transfer(f.bytes(), false);
        }
        throw new IllegalArgumentException("translation step " + step);
    }

    /** The steps' times added up, one after the other (ps). */
    public long ps(List<Step> steps) {
        long t = 0;
        for (Step s : steps) {
            t += ps(s);
        }
        return t;
    }

    /** Both sides' steps of a translation, one after the other (ps). */
    public long ps(Translated t) {
        return ps(t.library()) + ps(t.nic());
    }
}
