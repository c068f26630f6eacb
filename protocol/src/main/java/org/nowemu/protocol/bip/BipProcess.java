package org.nowemu.protocol.bip;

import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.host.HostOps;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.parts.ledger.MessageIds;
import org.nowemu.protocol.parts.ring.FreeFlag;
import org.nowemu.protocol.parts.ring.RingTail;
import org.nowemu.protocol.parts.staging.Arrival;
import org.nowemu.protocol.parts.staging.StagingArea;
import org.nowemu.protocol.parts.steps.HostSteps;
import org.nowemu.protocol.parts.translation.AddressTranslation;
import org.nowemu.protocol.parts.translation.Step;
import org.nowemu.protocol.parts.translation.TranslationChoice;
import org.nowemu.protocol.parts.translation.TranslationCosts;
import org.nowemu.protocol.parts.translation.Translated;

/**
 * A process on BIP: the library (systems §5) and the program that uses it. Send: a short message (at most the
 * copy threshold) is written by PIO, header and data, into a free SRAM send slot (a PIO read of its free flag when it
 * is not known free) and its ready flag set: the send is done, the user's buffer free. A long one has its buffer
 * translated by the library ("user translates": its pages pinned through the kernel module on first use, their
 * physical addresses kept), a descriptor written by PIO, and the call waits for the NIC's completion word: the
 * process has at most one send pending. Receive: a message already in the tag's ring is taken at once and copied
 * out; otherwise the library translates the user's buffer, posts the process's one receive to the NIC and polls both
 * the ring and the receive's completion word: the next message of the queue uses the receive up, a short one by
 * landing in the ring (copied out), a long one by the completion word once it is in the buffer. Taking a ring
 * message frees its slot by a PIO write of the count taken.
 *
 * <p>Counters: {@code bip.sent_short}, {@code bip.sent_long}, {@code bip.received}, {@code bip.copied_bytes}
 * (copied out of the rings into user buffers), {@code bip.pinned_pages}, {@code bip.slot_reads},
 * {@code bip.slots_full}.
 */
public final class BipProcess extends LibraryThread {
    private final BipSettings s;
    private final HostSteps c;
    private final BipProgram program;
    private final RingTail slots;
    private final StagingArea[] rings;
    private final long[] taken;
    private final int[] sentTo;
    private final AddressTranslation translation;
    private final TranslationCosts costs;
    private final long iteration;
    private final long pageSize;
    private boolean sendDone;
    private BipWire.RecvDone recvDone;
    /** A receive is posted on the NIC that a receive given up at its deadline left there. */
    private boolean posted;
    /** The tag of that receive. */
    private int postedTag;

    public BipProcess(HardwareProfile profile, NicParts nic, int hosts, BipSettings settings, BipProgram program) {
        super(profile, nic, hosts);
        this.s = settings;
        this.c = settings.host();
        this.program = program;
        this.slots = new RingTail(settings.sendSlots());
        this.rings = new StagingArea[settings.tags()];
        for (int t = 0; t < rings.length; t++) {
            rings[t] = new StagingArea("h" + nic.nic() + " BIP queue " + t, settings.tagSlots());
        }
        this.taken = new long[settings.tags()];
        this.sentTo = new int[hosts];
        this.translation = new AddressTranslation(TranslationChoice.USER, settings.translation(),
                profile.host().pageSize());
        this.costs = new TranslationCosts(profile);
        this.iteration = ops().cyclesPs(c.loop()) + ops().pollHitPs();
        this.pageSize = profile.host().pageSize();
    }

    @Override
    @continuable
    protected void program() {
        ops().cycles(c.call());
        ops().pioWrite(2, new BipWire.Init());
        program.run(new Bip(this));
    }

    @Override
    protected void onMemory(Object written) {
        if (written instanceof FreeFlag f) {
            slots.freed(f.index());
        } else if (written instanceof Arrival a) {
            rings[a.area()].arrive(a.slot(), a.content());
        } else if (written instanceof BipWire.SendDone) {
            sendDone = true;
        } else if (written instanceof BipWire.RecvDone d) {
            recvDone = d;
        }
    }

    BipSettings settings() {
        return s;
    }

    long pageSize() {
        return pageSize;
    }

    @continuable
    void send(int dest, int tag, Bip.Buffer buf, int bytes) {
        if (dest < 0 || dest >= hosts() || dest == host()) {
            throw new IllegalArgumentException("bip_tsend: no destination " + dest + " (nodes 0.." + (hosts() - 1)
                    + ", not this one, " + host() + ")");
        }
        checkTag(tag);
        if (bytes < 0 || bytes > buf.bytes()) {
            throw new IllegalArgumentException("bip_tsend: " + bytes + " bytes from a buffer of " + buf.bytes());
        }
        HostOps ops = ops();
        ops.cycles(c.call());
        int seq = sentTo[dest]++;
        book().sent(MessageIds.of(IdSystem.BIP, host(), dest, seq), clock(), MessageIds.address(dest));
        if (bytes <= s.copyThreshold()) {
            while (!slots.tailFree()) {
                ops.pioRead();
                stat("bip.slot_reads").increment();
                if (!slots.read()) {
                    stat("bip.slots_full").increment();
                }
            }
            int slot = slots.claim();
            ops.cycles(c.packet());
            byte[] body = new BipWire.Header(BipWire.SHORT, tag, host(), bytes, 0, seq).with(bytes);
            // Header, data and ready flag at consecutive addresses: the CPU combines them into lines.
            ops.pioWrite(BipWire.HEADER_BYTES / 4 + HostOps.words(0, bytes) + 1,
                    new BipWire.ShortReady(slot, dest, body));
            stat("bip.sent_short").increment();
            return;
        }
        Translated t = translate(buf, bytes);
        ops.cycles(c.packet());
        sendDone = false;
        // The descriptor's five words, then a (physical address, length) pair per page.
        ops.pioWrite(5 + 2 * t.pages(), new BipWire.LongSend(dest, tag, bytes, seq, buf.pageOffset()));
        stat("bip.sent_long").increment();
        pollUntil(() -> sendDone, Long.MAX_VALUE);
    }

    @continuable
    Bip.Received receive(int tag, Bip.Buffer buf, int maxBytes) {
        return receive(tag, buf, maxBytes, Long.MAX_VALUE);
    }

    /**
     * The receive, given up at {@code deadline} (null then): the receive it posted stays posted on the NIC, and the
     * next call, which must name the same tag and buffer, waits for it rather than posting another.
     */
    @continuable
    Bip.Received receive(int tag, Bip.Buffer buf, int maxBytes, long deadline) {
        return receive(tag, buf, maxBytes, deadline, -1);
    }

    /**
     * The receive, given up at {@code deadline} or, if {@code orTag} is a tag, as soon as a short message waits in
     * that tag's ring (null then, the receive left posted): each turn of its loop polls that ring too.
     */
    @continuable
    Bip.Received receive(int tag, Bip.Buffer buf, int maxBytes, long deadline, int orTag) {
        checkTag(tag);
        if (orTag >= 0) {
            checkTag(orTag);
        }
        if (maxBytes < 0 || maxBytes > buf.bytes()) {
            throw new IllegalArgumentException("bip_trecv: at most " + maxBytes + " bytes into a buffer of "
                    + buf.bytes());
        }
        HostOps ops = ops();
        ops.cycles(c.call());
        sync();
        boolean there = rings[tag].ready();
        ops.poll(there);
        if (there) {
            if (postedTag == tag) {
                posted = false;
            }
            return fromRing(tag, maxBytes);
        }
        if (waiting(orTag)) {
            return null;
        }
        if (posted && postedTag != tag) {
            throw new IllegalStateException("bip_trecv on tag " + tag + " while a receive is posted on tag "
                    + postedTag);
        }
        if (!posted) {
            translate(buf, Math.max(1, maxBytes));
            recvDone = null;
            ops.pioWrite(4, new BipWire.PostRecv(tag, maxBytes, buf.pageOffset(), taken[tag]));
            posted = true;
            postedTag = tag;
        }
        StagingArea ring = rings[tag];
        // Two flags to poll: the ring's next slot (a short message used the receive up) and the completion word.
        while (true) {
            sync();
            boolean inRing = ring.ready();
            ops.poll(inRing);
            if (inRing) {
                posted = false;
                return fromRing(tag, maxBytes);
            }
            boolean done = recvDone != null;
            ops.poll(done);
            if (done) {
                posted = false;
                BipWire.RecvDone d = recvDone;
                recvDone = null;
                ops.cycles(c.dispatch());
                return received(d.src(), d.seq(), d.bytes());
            }
            if (waiting(orTag)) {
                return null;
            }
            ops.cycles(c.loop());
            if (deadline != Long.MAX_VALUE && cursor() >= deadline) {
                return null;
            }
            StagingArea other = orTag >= 0 ? rings[orTag] : null;
            idle(() -> ring.ready() || recvDone != null || other != null && other.ready(),
                    iteration + (other != null ? 2 : 1) * ops.pollHitPs(), deadline);
        }
    }

    /** Whether a short message waits in tag {@code tag}'s ring (a poll of its next slot); false for no tag. */
    private boolean waiting(int tag) {
        if (tag < 0) {
            return false;
        }
        boolean there = rings[tag].ready();
        ops().poll(there);
        return there;
    }

    /** bip_tprobe's look: whether a short message waits in tag {@code tag}'s ring, a poll of its next slot. */
    @continuable
    boolean probe(int tag) {
        checkTag(tag);
        ops().cycles(c.call());
        sync();
        return waiting(tag);
    }

    @continuable
    private Bip.Received fromRing(int tag, int maxBytes) {
        HostOps ops = ops();
        int slot = rings[tag].take();
        BipWire.Header h = BipWire.Header.of(rings[tag].content(slot));
        ops.cycles(c.dispatch());
        if (h.total() > maxBytes) {
            throw new IllegalStateException("bip_trecv: a message of " + h.total() + " B on tag " + tag
                    + " for a receive of at most " + maxBytes + " B (BIP aborts the application)");
        }
        ops.copyFromDma(h.total());
        stat("bip.copied_bytes").add(h.total());
        rings[tag].release(slot);
        ops.pioWrite(1, new BipWire.Consumed(tag, ++taken[tag]));
        return received(h.src(), h.seq(), h.total());
    }

    private Bip.Received received(int src, int seq, int bytes) {
        book().handled(MessageIds.of(IdSystem.BIP, src, host(), seq), MessageIds.address(host()));
        stat("bip.received").increment();
        return new Bip.Received(src, bytes);
    }

    /** The user translates: the library's cache, the kernel module on a page's first use. */
    private Translated translate(Bip.Buffer buf, int bytes) {
        Translated t = translation.translate(buf.address(), bytes);
        for (Step step : t.library()) {
            if (step instanceof Step.HostCycles h) {
                ops().cycles(h.cycles());
            } else {
                computeFor(costs.ps(step));
            }
        }
        stat("bip.pinned_pages").add(t.pinned());
        return t;
    }

    private void checkTag(int tag) {
        if (tag < 0 || tag >= s.tags()) {
            throw new IllegalArgumentException("bip: no tag " + tag + " (tags 0.." + (s.tags() - 1) + ")");
        }
    }

    /** Polls the completion word (cached host memory) until {@code done} holds. */
    @continuable
    private void pollUntil(BooleanSupplier done, long deadline) {
        while (true) {
            sync();
            boolean d = done.getAsBoolean();
            ops().poll(d);
            if (d || clock() >= deadline) {
                return;
            }
            ops().cycles(c.loop());
            idle(done, iteration, deadline);
        }
    }
}
