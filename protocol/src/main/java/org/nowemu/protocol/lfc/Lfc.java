package org.nowemu.protocol.lfc;

import java.util.Arrays;
import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.parts.host.HostOps;
import org.nowemu.protocol.parts.ledger.MessageIds;
import org.nowemu.protocol.parts.notification.ControlTransfer;
import org.nowemu.protocol.parts.ring.RingTail;
import org.nowemu.protocol.parts.staging.Arrival;
import org.nowemu.protocol.parts.staging.Reassembly;
import org.nowemu.protocol.parts.staging.StagingArea;
import org.nowemu.protocol.parts.steps.HostSteps;

/**
 * LFC as a program sees it (systems §10.2, a documented minimal API: LFC's own names were not available):
 * {@code send} ({@code lfc_send_alloc} and {@code lfc_ucast_launch} for each packet), {@code multicast}
 * ({@code lfc_mcast_launch} to the group of the first {@code members} hosts), {@code poll} ({@code lfc_poll}: every
 * packet in the receive ring, its upcall run on the message once whole), {@code interrupts} ({@code lfc_intr_enable}
 * / {@code _disable}). Each packet claims a send buffer in NIC SRAM (a PIO read of its free flag when it is not known
 * free) and is written into it by PIO, header, payload, then its ready flag: the host never checks credits, the NIC
 * does; while it waits for a send buffer it polls the ring (a sender that stopped taking packets would hold the
 * NIC buffers, and so the credits, its own send waits for). The ring's slots are freed as their packets are consumed, and the consumer index written into NIC SRAM by
 * PIO once per poll that consumed any: the NIC's flow control into the ring, and the watchdog's sign of a poll.
 * Messages of several packets are copied into a reassembly buffer per sender (unicast and multicast apart).
 *
 * <p>Counters: {@code lfc.sent}, {@code lfc.multicasts}, {@code lfc.handled}, {@code lfc.packets_sent},
 * {@code lfc.slot_reads}, {@code lfc.slots_full}, {@code lfc.polls}; and {@link LfcProcess}'s.
 */
public final class Lfc {
    /** An LFC upcall [E: the signature], run on a whole message. */
    @FunctionalInterface
    public interface Upcall {
        @continuable
        void handle(byte[] buf, int size, int sender, boolean multicast);
    }

    private final LfcProcess p;
    private final LfcSettings s;
    private final HostSteps c;
    private final RingTail slots;
    private final StagingArea ring;
    private final long[][] sentTo;
    private final long[][] receivedFrom;
    /** Reassembly of unicast [0] and multicast [1] messages. */
    private final Reassembly[] staging;
    private Upcall upcall = new Lfc.Upcall() {
        @Override
        @continuable
        public void handle(byte[] b, int n, int src, boolean m) {
        }
    };
    private boolean interrupts;
    private boolean polling;
    private long consumed;

    Lfc(LfcProcess process, LfcSettings settings) {
        this.p = process;
        this.s = settings;
        this.c = settings.host();
        int hosts = process.hosts();
        this.slots = new RingTail(settings.sendSlots());
        this.ring = new StagingArea("h" + process.host() + " LFC receive ring", settings.receiveSlots());
        this.sentTo = new long[2][hosts];
        this.receivedFrom = new long[2][hosts];
        this.staging = new Reassembly[] {new Reassembly(hosts), new Reassembly(hosts)};
        this.interrupts = settings.control() != ControlTransfer.POLLING;
    }

    @continuable
    void init() {
        ops().cycles(c.call());
        ops().pioWrite(2, new LfcWire.Init(interrupts));
    }

    void freed(int slot) {
        slots.freed(slot);
    }

    void arrived(Arrival a) {
        ring.arrive(a.slot(), a.content());
    }

    private HostOps ops() {
        return p.ops();
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

    public LfcSettings settings() {
        return s;
    }

    /** The upcall every message is handed to. */
    public void upcall(Upcall u) {
        upcall = u;
    }

    /** lfc_intr_enable / lfc_intr_disable (meaningless on a polling stack: its NIC never interrupts). */
    @continuable
    public void interrupts(boolean on) {
        ops().cycles(c.call());
        interrupts = on && s.control() != ControlTransfer.POLLING;
        ops().pioWrite(1, new LfcWire.Interrupts(interrupts));
    }

    /** Sends {@code size} bytes of {@code buf} to {@code dest}. */
    @continuable
    public void send(int dest, byte[] buf, int size) {
        if (dest < 0 || dest >= p.hosts() || dest == p.host()) {
            throw new IllegalArgumentException("LFC: no destination " + dest + " from host " + p.host());
        }
        ops().cycles(c.call());
        book(0, dest);
        packets(LfcWire.DATA, dest, 0, 0, buf, size);
        p.stat("lfc.sent").increment();
    }

    /**
     * Multicasts {@code size} bytes of {@code buf} to hosts {@code first} .. {@code first + members - 1} but this
     * one, forwarded by the NICs.
     */
    @continuable
    public void multicast(int first, int members, byte[] buf, int size) {
        if (members < 2 || first < 0 || first + members > p.hosts() || p.host() < first
                || p.host() >= first + members) {
            throw new IllegalArgumentException("LFC: a group of hosts " + first + ".." + (first + members - 1)
                    + " from host " + p.host());
        }
        ops().cycles(c.call());
        for (int d = first; d < first + members; d++) {
            if (d != p.host()) {
                book(1, d);
            }
        }
        packets(LfcWire.MCAST, 0, first, members, buf, size);
        p.stat("lfc.multicasts").increment();
    }

    /** Unicasts (kind 0) and multicasts (kind 1) number apart: each has its own system in the ledger's ids. */
    private static IdSystem ids(int kind) {
        return kind == 0 ? IdSystem.LFC : IdSystem.LFC_MULTICAST;
    }

    private void book(int kind, int dest) {
        long id = MessageIds.of(ids(kind), p.host(), dest, sentTo[kind][dest]++);
        p.book().sent(id, p.clock(), MessageIds.address(dest));
    }

    @continuable
    private void packets(int kind, int dest, int first, int members, byte[] buf, int size) {
        int off = 0;
        do {
            int bytes = Math.min(s.packetPayload(), size - off);
            int slot = claimSlot();
            ops().cycles(c.packet());
            byte[] body = new byte[LfcWire.HEADER_BYTES + bytes];
            new LfcWire.Header(kind, off == 0, off + bytes == size, p.host(), p.host(), bytes, 0, first, members,
                    size)
                    .put(body);
            System.arraycopy(buf, off, body, LfcWire.HEADER_BYTES, bytes);
            ops().pioWrite(s.headerWords(), null);
            if (bytes > 0) {
                ops().pioWrite(HostOps.words(0, bytes), null);
            }
            ops().pioWrite(s.flagWords(), new LfcWire.SlotReady(slot, dest, body));
            p.stat("lfc.packets_sent").increment();
            off += bytes;
        } while (off < size);
    }

    @continuable
    private int claimSlot() {
        while (!slots.tailFree()) {
            ops().pioRead();
            p.stat("lfc.slot_reads").increment();
            if (!slots.read()) {
                // The NIC frees the buffer only once it holds credits for it, which come back only as the hosts
                // take what their NICs hold: a sender that stopped polling while it waits could wait for ever.
                p.stat("lfc.slots_full").increment();
                p.sync();
                drain();
            }
        }
        return slots.claim();
    }

    /** lfc_poll: runs the upcall of every message whose last packet is in the ring now; returns how many. */
    @continuable
    public int poll() {
        long start = p.clock();
        p.sync();
        ops().cycles(c.call());
        int n = drain();
        p.stat("lfc.notify_ps").add(p.clock() - start);
        return n;
    }

    /** The interrupt handler's poll (its time is the handler's, counted apart from the signal). */
    @continuable
    void pollInHandler() {
        ops().cycles(c.call());
        drain();
    }

    @continuable
    private int drain() {
        if (polling) {
            return 0; // an interrupt taken inside an upcall: the poll under way takes the packets
        }
        polling = true;
        int handled = 0;
        long before = consumed;
        try {
            while (true) {
                boolean arrived = ring.ready();
                ops().poll(arrived);
                p.stat("lfc.polls").increment();
                if (!arrived) {
                    break;
                }
                handled += take();
                p.sync();
            }
        } finally {
            polling = false;
        }
        if (consumed > before) {
            ops().pioWrite(1, new LfcWire.Consumed(consumed));
        }
        return handled;
    }

    @continuable
    private int take() {
        int slot = ring.take();
        byte[] body = ring.content(slot);
        LfcWire.Header h = LfcWire.Header.of(body);
        ops().cycles(c.dispatch());
        int k = h.kind() == LfcWire.MCAST ? 1 : 0;
        int src = h.src();
        int handled = 0;
        if (h.first() && h.last()) {
            byte[] msg = Arrays.copyOfRange(body, LfcWire.HEADER_BYTES, body.length);
            release(slot);
            deliver(k, msg, h.total(), src);
            return 1;
        }
        ops().copyFromDma(h.bytes());
        byte[] whole = staging[k].add(src, h.first(), h.last(), h.total(), body, LfcWire.HEADER_BYTES, h.bytes());
        release(slot);
        if (whole != null) {
            deliver(k, whole, whole.length, src);
            handled = 1;
        }
        return handled;
    }

    /** The next message number from {@code src} of kind {@code k} (apart: the weaver cannot analyse long[][]). */
    private long nextReceived(int k, int src) {
        return receivedFrom[k][src]++;
    }

    private void release(int slot) {
        ring.release(slot);
        consumed++;
    }

    @continuable
    private void deliver(int k, byte[] msg, int size, int src) {
        p.book().handled(MessageIds.of(ids(k), src, p.host(), nextReceived(k, src)),
                MessageIds.address(p.host()));
        p.stat("lfc.handled").increment();
        upcall.handle(msg, size, src, k == 1);
    }

    /**
     * Waits until {@code done} holds or virtual time reaches {@code deadline}. On an interrupt-driven stack with
     * interrupts on, asleep until the NIC interrupts (interrupt-driven receipt); otherwise spinning on polls, which
     * keep the watchdog quiet (an interrupt already raised is taken first).
     */
    @continuable
    public void waitUntil(BooleanSupplier done, long deadline) {
        if (interrupts && s.control() == ControlTransfer.INTERRUPTS) {
            p.sleepUntil(done, deadline);
            return;
        }
        long iteration = ops().cyclesPs(c.loop() + c.call()) + ops().pollHitPs();
        while (!done.getAsBoolean() && p.clock() < deadline) {
            if (p.takeInterrupt()) {
                continue;
            }
            if (poll() == 0 && !done.getAsBoolean()) {
                long start = p.clock();
                p.idle(ring::ready, iteration, deadline);
                p.stat("lfc.notify_ps").add(p.clock() - start);
            }
        }
    }

    /** The program's own computation for {@code ps}, preempted by the NIC's interrupts when they are on. */
    @continuable
    public void compute(long ps) {
        p.computePreemptible(ps);
    }

    /** A copy of {@code bytes} between the program's buffers (host memcpy). */
    public void copy(int bytes) {
        ops().memcpy(bytes);
    }
}
