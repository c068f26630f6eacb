package org.nowemu.protocol.parts.translation;

import java.util.ArrayDeque;
import java.util.List;
import org.nowemu.hardware.nic.NicContext;

/**
 * The NIC's side of a software-TLB translation (U-Net/MM, VMMC): it runs the NIC's steps of a {@link Translated} in
 * order, and at a miss interrupts the host ({@link MissInterrupt}, one LANai cycle after the decision) and waits, idle
 * for other work, until the kernel's handler has pinned the page and written the entry by PIO
 * ({@link EntryInstalled}); then it takes the entry in and goes on. The host's part is time on the host's CPU and
 * words on its bus, where DMA and the program compete for them, not a timer on the LANai. One translation at a time.
 *
 * <p>Counter: {@code <prefix>.tlb.interrupts}.
 */
public final class TlbMisses {
    private final ArrayDeque<Step> steps = new ArrayDeque<>();
    private final String counter;

    /** @param prefix the system's counter prefix */
    public TlbMisses(String prefix) {
        this.counter = prefix + ".tlb.interrupts";
    }

    /** Runs a translation's NIC steps: whether they all ran (no miss), else it waits for the host's install. */
    public boolean run(NicContext nic, int host, List<Step> nicSteps) {
        steps.clear();
        steps.addAll(nicSteps);
        return advance(nic, host);
    }

    /** The host's kernel has installed the missed entry: goes on, and says whether all the steps have now run. */
    public boolean installed(NicContext nic, int host) {
        return advance(nic, host);
    }

    private boolean advance(NicContext nic, int host) {
        while (!steps.isEmpty()) {
            Step s = steps.poll();
            if (s instanceof Step.NicCycles c) {
                nic.cycles(c.cycles());
            } else if (s instanceof Step.Interrupt) {
                // The kernel's part of the miss: the pin and the PIO install that follow run on the host.
                Step.HostPin pin = (Step.HostPin) steps.poll();
                Step.PioInstall install = (Step.PioInstall) steps.poll();
                nic.counter(counter).increment();
                nic.tell(host, nic.settings().lanai().cycles(1), new MissInterrupt(pin.pages(), install.words()));
                return false;
            } else {
                throw new IllegalStateException("software TLB: a step the NIC does not run: " + s);
            }
        }
        return true;
    }
}
