package org.nowemu.protocol.fmmc;

import java.util.Arrays;
import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.fm.FmCore;
import org.nowemu.protocol.fm.FmWire;
import org.nowemu.protocol.fm.fm1.Fm1Handler;
import org.nowemu.protocol.parts.host.HostOps;
import org.nowemu.protocol.parts.ledger.MessageIds;
import org.nowemu.protocol.parts.ring.RingTail;
import org.nowemu.protocol.parts.staging.Reassembly;
import org.nowemu.protocol.parts.staging.StagingArea;
import org.nowemu.protocol.parts.steps.HostSteps;

/**
 * FM/MC as a program sees it (systems §6.2): FM 1.x's {@code FM_send} and {@code FM_extract} over FM's core
 * (host credits, PIO into send slots), and {@code FM_mc_send} to a group of consecutive hosts: the packet is written
 * by PIO into a multicast send slot (the NIC takes the credit: one buffer at every member, from the manager), and
 * arrives at each member in its multicast area, which {@code FM_extract} polls beside the unicast one. Handlers get
 * whole messages; a sender waiting for a multicast send slot takes in the multicasts that arrive meanwhile
 * (their handlers run), without which every host could wait on the others' buffers. A unicast message of several packets is reassembled as FM 1.x does; a multicast is one packet
 * (at most the stack's packet payload) [E: a simplification, FM/MC's own limit was not available]. Polling only: the
 * interrupt-driven receipt of §6.3 is not modelled.
 *
 * <p>Counters: {@code fmmc.sent}, {@code fmmc.multicasts}, {@code fmmc.handled}, and {@link FmCore}'s.
 */
public final class FmMc {
    private final McProcess p;
    private final FmCore core;
    private final McSettings s;
    private final HostSteps c;
    private final Fm1Handler[] handlers = new Fm1Handler[256];
    private final RingTail mcSlots;
    private final StagingArea mcArea;
    private final Reassembly staging;
    private final long[] mcSent;
    private final long[] mcReceived;
    private long mcConsumed;

    FmMc(McProcess process, FmCore core, McSettings settings) {
        this.p = process;
        this.core = core;
        this.s = settings;
        this.c = settings.fm().host();
        this.mcSlots = new RingTail(settings.sendSlots());
        this.mcArea = new StagingArea("h" + process.host() + " FM/MC multicast area", settings.hostSlots());
        this.staging = new Reassembly(process.hosts());
        this.mcSent = new long[process.hosts()];
        this.mcReceived = new long[process.hosts()];
    }

    void freed(int slot) {
        mcSlots.freed(slot);
    }

    void arrived(McWire.McArrival a) {
        mcArea.arrive(a.slot(), a.body());
    }

    public int host() {
        return p.host();
    }

    public int hosts() {
        return p.hosts();
    }

    public long now() {
        return p.clock();
    }

    public Counter counter(String name) {
        return p.stat(name);
    }

    /** Records {@code outcome} in the process's report (the run's outcomes, in component order). */
    public void note(Object outcome) {
        p.note(outcome);
    }

    public void register(int id, Fm1Handler handler) {
        handlers[id] = handler;
    }

    /** FM_send: FM 1.x's ({@link FmCore#send}). */
    @continuable
    public void send(int dest, int handler, byte[] buf, int size) {
        if (dest < 0 || dest >= p.hosts() || dest == p.host()) {
            throw new IllegalArgumentException("FM/MC: no destination " + dest);
        }
        core.send(dest, handler, buf, size);
        p.stat("fmmc.sent").increment();
    }

    /** FM_mc_send: one packet to hosts {@code base} .. {@code base + members - 1} but this one. */
    @continuable
    public void mcSend(int base, int members, int handler, byte[] buf, int size) {
        if (members < 2 || base < 0 || base + members > p.hosts() || p.host() < base || p.host() >= base + members
                || size > s.fm().packetPayload()) {
            throw new IllegalArgumentException("FM/MC: a multicast of " + size + " B to hosts " + base + ".."
                    + (base + members - 1) + " from host " + p.host());
        }
        core.ops().cycles(c.call());
        for (int d = base; d < base + members; d++) {
            if (d != p.host()) {
                p.book().sent(MessageIds.of(IdSystem.FMMC_MULTICAST, p.host(), d, mcSent[d]++), p.clock(),
                        MessageIds.address(d));
            }
        }
        while (!mcSlots.tailFree()) {
            core.ops().pioRead();
            if (!mcSlots.read()) {
                // The slot frees once the NIC has a grant, which needs members' buffers back, which needs the
                // hosts to take their multicasts: this one too, while it waits (unicast handlers do not run).
                p.sync();
                core.takeCredits();
                drainMulticasts();
            }
        }
        int slot = mcSlots.claim();
        core.ops().cycles(c.packet());
        byte[] body = new McWire.Header(McWire.DATA, handler, p.host(), base, members, size, size).packet(size);
        System.arraycopy(buf, 0, body, McWire.HEADER_BYTES, size);
        core.ops().pioWrite(HostOps.words(0, McWire.HEADER_BYTES + size), null);
        core.ops().pioWrite(s.fm().flagWords(), new McWire.McSlot(slot, body));
        p.stat("fmmc.multicasts").increment();
    }

    /** FM_extract: every message whose last packet has arrived, unicast and multicast; returns how many. */
    @continuable
    public int extract() {
        p.sync();
        core.ops().cycles(c.call());
        int handled = 0;
        long before = mcConsumed;
        while (true) {
            core.takeCredits();
            boolean mc = mcArea.ready();
            core.ops().poll(mc);
            if (mc) {
                handled += takeMulticast();
                p.sync();
                continue;
            }
            FmCore.In in = core.next();
            if (in == null) {
                break;
            }
            handled += take(in);
            p.sync();
        }
        if (mcConsumed > before) {
            core.ops().pioWrite(1, new McWire.McConsumed(mcConsumed));
        }
        return handled;
    }

    @continuable
    private void drainMulticasts() {
        long before = mcConsumed;
        while (true) {
            boolean mc = mcArea.ready();
            core.ops().poll(mc);
            if (!mc) {
                break;
            }
            takeMulticast();
            p.sync();
        }
        if (mcConsumed > before) {
            core.ops().pioWrite(1, new McWire.McConsumed(mcConsumed));
        }
    }

    private int takeMulticast() {
        int slot = mcArea.take();
        byte[] body = mcArea.content(slot);
        McWire.Header h = McWire.Header.of(body);
        core.ops().cycles(c.dispatch());
        byte[] msg = Arrays.copyOfRange(body, McWire.HEADER_BYTES, McWire.HEADER_BYTES + h.count());
        mcArea.release(slot);
        mcConsumed++;
        p.book().handled(MessageIds.of(IdSystem.FMMC_MULTICAST, h.src(), p.host(), mcReceived[h.src()]++),
                MessageIds.address(p.host()));
        deliver(h.handler(), msg, msg.length, h.src());
        return 1;
    }

    @continuable
    private int take(FmCore.In in) {
        FmWire.Header h = in.header();
        int src = h.src();
        int handled = 0;
        if (h.first() && h.last()) {
            core.handled(src);
            deliver(h.handler(), Arrays.copyOfRange(in.body(), FmWire.HEADER_BYTES, in.body().length), h.total(),
                    src);
            handled = 1;
        } else {
            core.ops().copyFromDma(h.bytes());
            byte[] whole = staging.add(src, h.first(), h.last(), h.total(), in.body(), FmWire.HEADER_BYTES, h.bytes());
            if (whole != null) {
                core.handled(src);
                deliver(h.handler(), whole, whole.length, src);
                handled = 1;
            }
        }
        core.consumed(in);
        return handled;
    }

    private void deliver(int id, byte[] buf, int size, int src) {
        Fm1Handler h = handlers[id];
        if (h == null) {
            throw new IllegalStateException("FM/MC: handler " + id + " not registered on host " + p.host());
        }
        p.stat("fmmc.handled").increment();
        h.handle(buf, size, src);
    }

    /** Extracts until {@code done} holds or virtual time reaches {@code deadline}. */
    @continuable
    public void extractUntil(BooleanSupplier done, long deadline) {
        while (!done.getAsBoolean() && p.clock() < deadline) {
            if (extract() == 0 && !done.getAsBoolean()) {
                p.idle(() -> core.anyArrived() || mcArea.ready(),
                        core.idlePollPs() + core.ops().pollHitPs() + core.ops().cyclesPs(c.call()), deadline);
            }
        }
    }
}
