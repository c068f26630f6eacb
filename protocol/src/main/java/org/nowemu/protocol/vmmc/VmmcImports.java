package org.nowemu.protocol.vmmc;

import java.nio.ByteBuffer;
import java.util.function.BiConsumer;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.parts.dma.HostDmas;
import org.nowemu.protocol.parts.steps.FirmwareSteps;

/**
 * VMMC's imports on the NIC (COMPARISON.md §8.2: a sender imports a buffer "through a trusted third party"): the
 * import daemon's request goes to the exporter's NIC, which grants it, with the export's size, if the export is in
 * its incoming page table, or refuses; the answer installs the outgoing proxy, which the sender cannot forge, and is
 * DMA'd to the asking process.
 *
 * <p>Counters: {@code vmmc.imports_granted}, {@code vmmc.imports_refused}.
 */
final class VmmcImports {
    /** An outgoing proxy: where an import goes, and the size of the export behind it. */
    record Proxy(int dest, int exp, int bytes) {
    }

    private final VmmcSettings s;
    private final FirmwareSteps c;
    private final Proxy[] proxies;
    private final VmmcDeposit deposit;
    /** Sends a control packet to a node: the firmware's route, header and send DMA. */
    private final BiConsumer<Integer, byte[]> control;
    private NicContext nic;
    private HostDmas dmas;

    VmmcImports(VmmcSettings settings, VmmcDeposit deposit, BiConsumer<Integer, byte[]> control) {
        this.s = settings;
        this.c = settings.firmware();
        this.proxies = new Proxy[settings.imports()];
        this.deposit = deposit;
        this.control = control;
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
        control.accept(imp.node(), VmmcWire.control(VmmcWire.IMPORT, nic.nic(), imp.imp(), imp.exp(), 0));
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
        boolean granted = kind == VmmcWire.GRANT && imp < proxies.length;
        if (granted) {
            proxies[imp] = new Proxy(node, exp, bytes);
        }
        nic.counter(granted ? "vmmc.imports_granted" : "vmmc.imports_refused").increment();
        nic.cycles(c.dma());
        dmas.toHost(16, s.streamingDma(), host, new VmmcWire.Imported(imp, granted, bytes));
    }
}
