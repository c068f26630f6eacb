package org.nowemu.protocol.vmmc;

import java.nio.ByteBuffer;
import java.util.function.BiConsumer;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.parts.dma.HostDmas;
import org.nowemu.protocol.parts.steps.FirmwareSteps;

/**
 * VMMC's imports on the NIC (systems §8.1: a sender imports a buffer "through a trusted third party"): the
 * import daemon's request goes to the exporter's NIC, which grants it, with the export's size, if the export is in
 * its incoming page table, or refuses; the answer installs the outgoing proxy, which the sender cannot forge, and is
 * DMA'd to the asking process.
 *
 * <p>The requests and answers are packets like any other, and a damaged or lost one would leave the asking process
 * waiting for good. On VMMC-2, whose NIC resends, the asking NIC asks again at the reliability part's timeout
 * ({@code nowemu.protocol.reliability.timeout}) until an answer comes, and after its {@code max-retries} answers
 * the process with a refusal (the library asks again later); the exporter answers every request alike, and an
 * answer to an import already answered is ignored. VMMC relies on the link and asks once.
 *
 * <p>Counters: {@code vmmc.imports_granted}, {@code vmmc.imports_refused}, {@code vmmc.imports_asked_again},
 * {@code vmmc.imports_given_up}.
 */
final class VmmcImports {
    /** An outgoing proxy: where an import goes, and the size of the export behind it. */
    record Proxy(int dest, int exp, int bytes) {
    }

    /** The timer of try {@code tries} of import {@code imp}: no answer by then, ask again. */
    private record AskAgain(int imp, int tries) {
    }

    private final VmmcSettings s;
    private final FirmwareSteps c;
    private final Proxy[] proxies;
    private final VmmcDeposit deposit;
    /** Sends a control packet to a node: the firmware's route, header and send DMA. */
    private final BiConsumer<Integer, byte[]> control;
    /** Whether requests are asked again until answered (VMMC-2). */
    private final boolean askAgain;
    /** Imports asked and not yet answered, with their request and the tries so far. */
    private final java.util.TreeMap<Integer, VmmcWire.Import> unanswered = new java.util.TreeMap<>();
    private final java.util.TreeMap<Integer, Integer> tries = new java.util.TreeMap<>();
    private NicContext nic;
    private HostDmas dmas;

    VmmcImports(VmmcSettings settings, VmmcDeposit deposit, BiConsumer<Integer, byte[]> control, boolean askAgain) {
        this.s = settings;
        this.c = settings.firmware();
        this.proxies = new Proxy[settings.imports()];
        this.deposit = deposit;
        this.control = control;
        this.askAgain = askAgain;
    }

    void start(NicContext ctx, HostDmas hostDmas) {
        nic = ctx;
        dmas = hostDmas;
    }

    /** The proxy of import {@code imp}, or null if none was granted. */
    Proxy proxy(int imp) {
        return imp >= 0 && imp < proxies.length ? proxies[imp] : null;
    }

    /** The import daemon asks for export {@code exp} of node {@code node} as import {@code imp}. */
    void ask(VmmcWire.Import imp) {
        nic.cycles(c.poll() + c.descriptor());
        unanswered.put(imp.imp(), imp);
        tries.put(imp.imp(), 0);
        send(imp);
    }

    private void send(VmmcWire.Import imp) {
        control.accept(imp.node(), VmmcWire.control(VmmcWire.IMPORT, nic.nic(), imp.imp(), imp.exp(), 0));
        if (askAgain) {
            nic.timer(s.rel().timeoutPs(), new AskAgain(imp.imp(), tries.get(imp.imp())));
        }
    }

    /** Whether {@code tag} is one of these timers. */
    boolean owns(Object tag) {
        return tag instanceof AskAgain;
    }

    /** An import's timer: if it is still unanswered, ask again, or after max-retries tell {@code host} it failed. */
    void onTimer(Object tag, int host) {
        AskAgain a = (AskAgain) tag;
        VmmcWire.Import imp = unanswered.get(a.imp());
        if (imp == null || tries.get(a.imp()) != a.tries()) {
            return; // answered since
        }
        if (a.tries() >= s.rel().maxRetries()) {
            unanswered.remove(a.imp());
            nic.counter("vmmc.imports_given_up").increment();
            nic.cycles(c.dma());
            dmas.toHost(16, s.streamingDma(), host, new VmmcWire.Imported(a.imp(), false, 0));
            return;
        }
        nic.counter("vmmc.imports_asked_again").increment();
        nic.cycles(c.descriptor());
        tries.put(a.imp(), a.tries() + 1);
        send(imp);
    }

    /** An import request or answer has arrived; {@code host} is the process that hears answers. */
    void onPacket(byte[] body, int host) {
        ByteBuffer b = ByteBuffer.wrap(body);
        byte kind = b.get();
        b.get();
        int node = b.getShort() & 0xffff;
        int imp = b.getShort() & 0xffff;
        int exp = b.getShort() & 0xffff;
        int bytes = b.getInt();
        nic.cycles(c.descriptor());
        if (kind == VmmcWire.IMPORT) {
            int size = deposit.exportSize(exp);
            control.accept(node, VmmcWire.control(size < 0 ? VmmcWire.REFUSE : VmmcWire.GRANT, nic.nic(), imp, exp,
                    size));
            return;
        }
        if (unanswered.remove(imp) == null) {
            return; // the answer to a request asked again, already answered
        }
        boolean granted = kind == VmmcWire.GRANT && imp < proxies.length;
        if (granted) {
            proxies[imp] = new Proxy(node, exp, bytes);
        }
        nic.counter(granted ? "vmmc.imports_granted" : "vmmc.imports_refused").increment();
        nic.cycles(c.dma());
        dmas.toHost(16, s.streamingDma(), host, new VmmcWire.Imported(imp, granted, bytes));
    }
}
