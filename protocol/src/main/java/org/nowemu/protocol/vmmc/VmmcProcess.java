package org.nowemu.protocol.vmmc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.host.HostOps;
import org.nowemu.protocol.parts.host.PolledProcess;
import org.nowemu.protocol.parts.host.RingProcess;
import org.nowemu.protocol.parts.ledger.MessageIds;
import org.nowemu.protocol.parts.staging.StagingArea;
import org.nowemu.protocol.parts.steps.HostSteps;
import org.nowemu.protocol.parts.translation.AddressTranslation;
import org.nowemu.protocol.parts.translation.Step;
import org.nowemu.protocol.parts.translation.TranslationChoice;
import org.nowemu.protocol.parts.translation.TranslationCosts;

/**
 * A process on VMMC (systems §8.4): its library and the program that uses it. Export: a trap into the kernel,
 * which pins the buffer's pages and writes the incoming page table entry into the NIC. Import: a call to the import
 * daemon, which has the NIC ask the exporter's NIC; the process waits for the answer. Send (deliberate update): write
 * the request into the command page by PIO (reading the next entry's flag across the bus when it is not known free);
 * no system call, no copy: the NIC takes the data from the user's pages. The data lands in the receiver's exported
 * buffer at the offset the sender chose, where this process's image of it follows the NIC's DMAs; notifications
 * are polled from a queue in host memory, or wait for an interrupt delivered as a signal (P14). VMMC is reliable:
 * every request the library hands over for a granted import within its bounds is promised to the ledger, and
 * handled when its last packet has landed. On VMMC-2 a request whose packet the NIC gave up comes back as
 * unreachable.
 *
 * <p>Counters: {@code vmmc.sent}, {@code vmmc.flag_reads}, {@code vmmc.queue_full}, {@code vmmc.handled},
 * {@code vmmc.notifications}, {@code vmmc.polls}, {@code vmmc.returned} (VMMC-2: requests given up).
 */
public final class VmmcProcess extends PolledProcess<Vmmc.Notification> {
    /** A granted import as the library knows it. */
    private record Imported(int node, int bytes) {
    }

    private final VmmcSettings s;
    private final HostSteps c;
    private final VmmcProgram program;
    private final boolean[] done;
    private final boolean[] accepted;
    private final int[] sentTo;
    /** VMMC or VMMC-2: whose messages the ledger's ids say these are. */
    private final IdSystem ids;
    private final List<byte[]> exports = new ArrayList<>();
    private final List<Vmmc.NotificationHandler> handlers = new ArrayList<>();
    private final List<Imported> imports = new ArrayList<>();
    private final List<Boolean> answered = new ArrayList<>();
    private final TranslationCosts costs;
    /** VMMC-2: the library's lookup structure and the UTLB it fills through the kernel module. */
    private final AddressTranslation utlb;
    /** VMMC-2: ranges {exp, offset, end} that landed in staging pages, not yet claimed by a redirect. */
    private final List<int[]> staged = new ArrayList<>();
    /** VMMC-2: redirects posted to the NIC and not yet filled, {exp, offset, end}. */
    private final List<int[]> posted = new ArrayList<>();
    /** VMMC-2: the ledger ids of requests the NIC gave up and the library returned. */
    private final java.util.TreeSet<Long> returned = new java.util.TreeSet<>();
    /** Bytes that landed in staging under a redirect the NIC had not yet seen: the library owes their copy. */
    private long owedCopy;

    public VmmcProcess(HardwareProfile profile, NicParts nic, int hosts, VmmcSettings settings, VmmcProgram program,
                       IdSystem ids) {
        super(profile, nic, hosts, settings.host(), "vmmc", "queue_full", settings.sendQueue(),
                new StagingArea("h" + nic.nic() + " vmmc notification queue", settings.notifyQueue()),
                settings.interrupts(), true); // a notification's interrupt is a user-level signal (P14)
        this.ids = ids;
        this.s = settings;
        this.c = settings.host();
        this.program = program;
        this.done = new boolean[settings.sendQueue()];
        this.accepted = new boolean[settings.sendQueue()];
        this.sentTo = new int[hosts];
        this.costs = new TranslationCosts(profile);
        this.utlb = settings.translationChoice() == TranslationChoice.UTLB ? new AddressTranslation(
                TranslationChoice.UTLB, settings.translation(), profile.host().pageSize()) : null;
    }

    @Override
    @continuable
    protected void program() {
        ops().cycles(c.call());
        ops().pioWrite(2, new VmmcWire.Init());
        program.run(new Vmmc(this));
    }

    /** Notifications come in as arrivals ({@link RingProcess#onMemory}); the rest is VMMC's. */
    @Override
    protected void onOtherMemory(Object written) {
        if (written instanceof VmmcWire.Done d) {
            sendTail.freed(d.index());
            done[d.index()] = true;
            accepted[d.index()] = d.accepted();
        } else if (written instanceof VmmcWire.Imported i) {
            imports.set(i.imp(), i.granted() ? new Imported(imports.get(i.imp()).node(), i.bytes()) : null);
            answered.set(i.imp(), true);
        } else if (written instanceof VmmcWire.Landed l) {
            System.arraycopy(l.data(), 0, exports.get(l.exp()), l.offset(), l.data().length);
            landed(l);
            if (l.last()) {
                book().handled(MessageIds.of(ids, l.src(), host(), l.seq()), MessageIds.address(host()));
                stat("vmmc.handled").increment();
            }
        } else if (written instanceof VmmcWire.GivenUp g
                && returned.add(MessageIds.of(ids, host(), g.dest(), g.seq()))) {
            // Once per request, however many of its packets the NIC gave up.
            stat("vmmc.returned").increment();
            book().returned(MessageIds.of(ids, host(), g.dest(), g.seq()), clock(), "unreachable");
        }
    }

    /** VMMC-2's bookkeeping of where data landed: in the user's buffer, or in staging (to copy when claimed). */
    private void landed(VmmcWire.Landed l) {
        if (utlb == null) {
            return;
        }
        int end = l.offset() + l.data().length;
        for (int i = 0; i < posted.size(); i++) {
            int[] p = posted.get(i);
            if (p[0] == l.exp() && p[1] <= l.offset() && end <= p[2]) {
                if (!l.redirected()) {
                    owedCopy += l.data().length; // the redirect was still on its way to the NIC
                }
                if (end == p[2]) {
                    posted.remove(i);
                }
                return;
            }
        }
        if (!l.redirected()) {
            staged.add(new int[] {l.exp(), l.offset(), end});
        }
    }

    /**
     * VMMC-2's redirection: the program posts its buffer for bytes {@code offset..offset+length} of export
     * {@code exp}. What already landed in the staging pages is copied out now (P10); the rest is posted to the NIC,
     * which then writes it straight into the buffer.
     */
    @continuable
    void redirect(int exp, int offset, int length) {
        if (utlb == null) {
            throw new UnsupportedOperationException("vmmc: redirection is a VMMC-2 feature (stack of system vmmc2)");
        }
        ops().cycles(c.call());
        int end = offset + length;
        long copy = 0;
        for (int i = staged.size() - 1; i >= 0; i--) {
            int[] r = staged.get(i);
            if (r[0] == exp && offset <= r[1] && r[2] <= end) {
                copy += r[2] - r[1];
                staged.remove(i);
            }
        }
        if (copy > 0) {
            ops().memcpy((int) copy);
            stat("vmmc.redirect_copied_bytes").add(copy);
        }
        if (copy < length) {
            posted.add(new int[] {exp, offset, end});
            ops().pioWrite(3, new VmmcWire.Redirect(exp, offset, end));
        }
    }

    /** Each poll first pays the copies the library owes. */
    @Override
    protected void polling() {
        if (owedCopy > 0) {
            ops().memcpy((int) owedCopy);
            stat("vmmc.redirect_copied_bytes").add(owedCopy);
            owedCopy = 0;
        }
    }

    VmmcSettings settings() {
        return s;
    }

    @continuable
    int export(int bytes, Vmmc.NotificationHandler handler) {
        if (exports.size() == s.exports()) {
            throw new IllegalStateException("vmmc: a NIC holds at most " + s.exports() + " exports");
        }
        ops().cycles(s.syscallCycles());
        int pages = (int) ((bytes + s.maxPacketData() - 1) / s.maxPacketData());
        computeFor(costs.ps(new Step.HostPin(pages)));
        exports.add(new byte[bytes]);
        handlers.add(handler);
        int exp = exports.size() - 1;
        ops().pioWrite(2, new VmmcWire.Export(exp, bytes));
        return exp;
    }

    byte[] exported(int exp) {
        return exports.get(exp);
    }

    @continuable
    int importBuffer(int node, int exp) {
        if (node < 0 || node >= hosts() || node == host()) {
            throw new IllegalArgumentException("vmmc: no host " + node + " to import from");
        }
        if (imports.size() == s.imports()) {
            throw new IllegalStateException("vmmc: a NIC holds at most " + s.imports() + " imports");
        }
        ops().cycles(s.syscallCycles());
        int imp = imports.size();
        imports.add(new Imported(node, -1));
        answered.add(false);
        ops().pioWrite(3, new VmmcWire.Import(imp, node, exp));
        sync();
        awaitUntil(() -> answered.get(imp));
        sync();
        return imports.get(imp) == null ? -1 : imp;
    }

    @continuable
    int send(int imp, int offset, long va, byte[] data, boolean notify) {
        HostOps ops = ops();
        ops.cycles(c.call());
        if (utlb != null) {
            // VMMC-2: the buffer's UTLB references, from the library's lookup structure, or (a miss) from the kernel
            // module, which pins the pages and writes their entries in the UTLB.
            for (Step step : utlb.translate(va, data.length).library()) {
                if (step instanceof Step.HostCycles h) {
                    ops.cycles(h.cycles());
                } else {
                    stat("vmmc.utlb.host_misses").increment();
                    computeFor(costs.ps(step));
                }
            }
        }
        awaitSendEntry();
        int index = claim();
        // The library is the user's: it may name anything, and the NIC refuses what the daemon did not grant. Only a
        // request the NIC will carry is promised.
        Imported known = imp >= 0 && imp < imports.size() ? imports.get(imp) : null;
        int seq = -1;
        if (known != null && known.bytes() >= 0 && offset >= 0 && offset + (long) data.length <= known.bytes()) {
            seq = sentTo[known.node()]++;
            book().sent(MessageIds.of(ids, host(), known.node(), seq), clock(),
                    MessageIds.address(known.node()));
        }
        ops.cycles(c.packet());
        ops.pioWrite(s.requestWords(), new VmmcWire.Send(index, imp, offset, va, notify, seq, Arrays.copyOf(data, data.length)));
        stat("vmmc.sent").increment();
        return index;
    }

    /** Waits, reading the request's flag across the bus, until the NIC is done with it; returns whether it took it. */
    @continuable
    boolean await(int index) {
        while (true) {
            ops().pioRead();
            stat("vmmc.flag_reads").increment();
            if (flagged(index)) {
                return accepted(index);
            }
        }
    }

    // Array elements are read and written apart from the continuable methods: javaflow's weaver cannot analyse a
    // boolean or byte array element access in them (it looks for a class named B).
    private int claim() {
        int index = sendTail.claim();
        done[index] = false;
        return index;
    }

    private boolean flagged(int index) {
        return done[index];
    }

    private boolean accepted(int index) {
        return accepted[index];
    }

    /** The next notification, its entry given back and its handler run; null if none has come. */
    @Override
    @continuable
    public Vmmc.Notification poll() {
        startPoll();
        if (!arrived()) {
            return null;
        }
        int slot = recv.take();
        VmmcWire.Notification n = VmmcDeposit.notification(recv.content(slot));
        ops().cycles(c.dispatch());
        stat("vmmc.notifications").increment();
        giveBack(slot, s.returnWords(), new VmmcWire.NotificationTaken(slot));
        Vmmc.Notification out = new Vmmc.Notification(n.src(), n.exp(), n.offset(), n.length());
        Vmmc.NotificationHandler h = handlers.get(n.exp());
        if (h != null) {
            h.notified(out);
        }
        return out;
    }
}
