package org.nowemu.protocol.am.parts.paging;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.nic.DriverEntry;
import org.nowemu.protocol.am.parts.channels.ChannelSender;
import org.nowemu.protocol.am.parts.endpoints.EndpointFrame;
import org.nowemu.protocol.am.parts.endpoints.EndpointTable;
import org.nowemu.protocol.am.parts.scheduling.SendScheduler;
import org.nowemu.protocol.parts.dma.HostDmas;

/**
 * Endpoint frames: the SRAM holds the profile's {@code endpoint-frames} endpoints at a time and host memory the
 * rest. The segment driver creates endpoints (out of any frame) and asks for them to be loaded; with no frame free
 * the firmware picks a resident endpoint to evict (policy {@code nowemu.protocol.paging.eviction}), asks the driver
 * to unmap it, and moves it out only once it is safe: none of its messages between the send path's start and the
 * wire, and each of its packets in flight acknowledged or NACKed last (a NACKed packet goes back to its send queue
 * and its channel keeps the sequence bit the receiver still expects). Moving an endpoint either way is a DMA of its
 * frame. An endpoint that needs a frame and has not got one (a message arrived for it, or the host wrote to it)
 * makes the driver hear of a fault once, until it has been in a frame again.
 *
 * <p>Rules that keep this from stalling or thrashing: a demand-loaded endpoint is kept until its first progress or
 * its first-use time, then for its time slice ({@link #progressed}); which endpoint leaves is the {@link Eviction}
 * policy's choice among the others.
 *
 * <p>Inputs: endpoints opened, asked for, closed; progress; the DMA completions of moves; the rebalance timer.
 * Outputs: moves (DMAs), entries for the driver, the scheduler told which endpoints may send. Counters:
 * {@code vn.loads}, {@code vn.evictions}, {@code vn.faults_reported}.
 */
public final class EndpointPaging implements HostDmas.Client<EndpointPaging.Move> {
    /** A frame move that has completed. */
    public sealed interface Move permits Loaded, MovedOut {
    }

    /** {@code f} is in its frame ({@code demand}: loaded for a fault). */
    public record Loaded(EndpointFrame f, boolean demand) implements Move {
    }

    /** {@code f} is out of its frame, back in host memory. */
    public record MovedOut(EndpointFrame f) implements Move {
    }

    /**
     * @param eviction    which resident endpoint leaves: lru, fifo or random
     * @param residencyPs an endpoint's time slice in its frame from its first progress (ps)
     * @param firstUsePs  how long a demand-loaded endpoint is kept waiting for its first progress (ps)
     * @param frameBytes  the SRAM of one frame: what a move carries (bytes)
     */
    public record Settings(String eviction, long residencyPs, long firstUsePs, long frameBytes) {
    }

    private final NicContext nic;
    private final Settings s;
    private final EndpointTable endpoints;
    private final SendScheduler scheduler;
    private final ChannelSender channels;
    private final HostDmas dmas;
    private final Eviction eviction;
    /** SRAM frames, and how many are taken (resident or loading). */
    private int slots;
    private int slotsTaken;
    /** Endpoints waiting for a frame, in the order the driver asked. */
    private final ArrayDeque<Integer> pendingLoads = new ArrayDeque<>();
    /** Evicted endpoints not yet safe to move out, and evictions under way (including their moves). */
    private final TreeSet<Integer> unloading = new TreeSet<>();
    private int evictions;

    /**
     * @param channels     the packets in flight an eviction waits for or takes back
     * @param rebalanceTag the timer tag that wakes the firmware when the earliest protection of a resident
     *                     endpoint ends ({@link #rebalanced})
     */
    public EndpointPaging(NicContext nic, Settings settings, EndpointTable endpoints, SendScheduler scheduler,
                          ChannelSender channels, HostDmas dmas, Supplier<Object> rebalanceTag) {
        this.nic = nic;
        this.s = settings;
        this.endpoints = endpoints;
        this.scheduler = scheduler;
        this.channels = channels;
        this.dmas = dmas;
        this.eviction = new Eviction(nic, endpoints, channels, settings.eviction(), rebalanceTag);
    }

    /** Takes the profile's frames in SRAM. */
    public void allocate() {
        slots = nic.settings().endpointFrames();
        nic.sram().allocate(slots + " endpoint frames", slots * s.frameBytes());
    }

    /** Endpoints waiting for a frame, in the order asked. */
    public Collection<Integer> pendingLoads() {
        return pendingLoads;
    }

    /** Before the firmware looks for work: loads and evictions that can start, moves out that are now safe. */
    public void step() {
        if (!pendingLoads.isEmpty()) {
            balance();
        }
        for (Integer ep : unloading.toArray(new Integer[0])) {
            tryUnload(endpoints.at(ep));
        }
    }

    /** A new endpoint takes a free frame at once; with none free it waits in host memory for its first use. */
    public void opened(EndpointFrame f) {
        if (slotsTaken < slots && pendingLoads.isEmpty()) {
            startLoad(f, false);
        } else {
            toDriver(f, new DriverEntry.Opened(f.index));
        }
    }

    /** The driver asks for {@code f} (a fault). */
    public void load(EndpointFrame f) {
        switch (f.state) {
            case RESIDENT -> toDriver(f, new DriverEntry.Loaded(f.index));
            case OUT, UNLOADING -> {
                if (!pendingLoads.contains(f.index)) {
                    pendingLoads.add(f.index);
                }
                balance();
            }
            default -> { }
        }
    }

    /** {@code f} needs a frame it has not got: the driver hears of the fault, once until {@code f} is back. */
    public void fault(EndpointFrame f) {
        if (f.state == EndpointFrame.State.OUT && !f.faultReported) {
            f.faultReported = true;
            nic.counter("vn.faults_reported").increment();
            toDriver(f, new DriverEntry.Fault(f.index));
        }
    }

    /** {@code f}'s process died: it gives up its frame, or its place in line for one. */
    public void forget(EndpointFrame f) {
        pendingLoads.remove(f.index);
        switch (f.state) {
            case RESIDENT -> {
                scheduler.removed(f);
                slotsTaken--;
            }
            case UNLOADING -> {
                if (unloading.remove(f.index)) {
                    evictions--;
                    slotsTaken--;
                }
            }
            default -> { }
        }
    }

    /** A restarted NIC got back {@code f}, which was in a frame: it takes a free one, or waits for one. */
    public void reload(EndpointFrame f) {
        if (slotsTaken < slots) {
            startLoad(f, false);
        } else {
            pendingLoads.add(f.index);
        }
    }

    /** A restarted NIC's endpoint {@code ep} had been asked for: it waits for a frame again. */
    public void wanted(int ep) {
        if (endpoints.at(ep).state == EndpointFrame.State.OUT && !pendingLoads.contains(ep)) {
            pendingLoads.add(ep);
        }
    }

    /**
     * The endpoint made progress: its host took entries out of its receive queues (the message it was loaded for
     * has been handled, not just delivered), or one of its packets was acknowledged. A demand-loaded endpoint is
     * kept until its first progress (or two timer quanta): evicting it between delivery and the host's answer
     * would make the answer fault it back in. From its first progress it keeps the frame for its residency (its
     * time slice), so that when more endpoints are busy than there are frames they take turns, each doing a
     * slice's worth of work per load, instead of evicting one another after a message each.
     */
    public void progressed(EndpointFrame f) {
        f.lastActive = nic.now();
        if (!f.progressed) {
            f.progressed = true;
            f.protectedUntil = nic.now() + s.residencyPs();
        }
    }

    /** The rebalance timer fired: the next balance may set another. */
    public void rebalanced() {
        eviction.rebalanced();
    }

    /** Starts loads into free frames; when endpoints wait and no frame is free, starts evictions for them. */
    public void balance() {
        while (slotsTaken < slots && !pendingLoads.isEmpty()) {
            EndpointFrame next = null;
            for (Integer ep : pendingLoads) {
                if (endpoints.at(ep).state == EndpointFrame.State.OUT) {
                    next = endpoints.at(ep);
                    break;
                }
            }
            if (next == null) {
                return;
            }
            pendingLoads.remove(next.index);
            startLoad(next, true);
        }
        while (pendingLoads.size() > evictions) {
            EndpointFrame victim = eviction.victim();
            if (victim == null) {
                eviction.wakeWhenProtectionEnds();
                return;
            }
            victim.state = EndpointFrame.State.UNLOADING;
            victim.unmapped = false;
            scheduler.removed(victim);
            unloading.add(victim.index);
            evictions++;
            toDriver(victim, new DriverEntry.Evicting(victim.index));
        }
    }

    @Override
    public void dmaDone(Move move) {
        if (move instanceof Loaded l) {
            loaded(l.f(), l.demand());
        } else if (move instanceof MovedOut o) {
            movedOut(o.f());
        }
    }

    /** Moves {@code f} into a free frame; {@code demand}: for a fault, so it is kept until it makes progress. */
    private void startLoad(EndpointFrame f, boolean demand) {
        slotsTaken++;
        f.state = EndpointFrame.State.LOADING;
        dmas.fromHost((int) s.frameBytes(), false, this, new Loaded(f, demand));
    }

    private void loaded(EndpointFrame f, boolean demand) {
        if (endpoints.at(f.index) != f) {
            // Closed while it was being loaded: the frame is free again.
            slotsTaken--;
            balance();
            return;
        }
        f.state = EndpointFrame.State.RESIDENT;
        f.loadedAt = nic.now();
        f.lastActive = nic.now();
        f.progressed = !demand;
        f.protectedUntil = demand ? nic.now() + s.firstUsePs() : nic.now();
        f.faultReported = false;
        nic.counter("vn.loads").increment();
        for (int i = f.requests.size() + f.replies.size(); i > 0; i--) {
            scheduler.added(f);
        }
        toDriver(f, new DriverEntry.Loaded(f.index));
        // Endpoints still waiting may now find a victim: this one, if nothing else is resident.
        balance();
    }

    /**
     * Moves an evicted endpoint out once it is safe: the driver has unmapped it, none of its messages is between
     * the send path's start and the wire, and each of its packets in flight has its latest transmission NACKed
     * (then it is taken back into its send queue) or has been acknowledged.
     */
    private void tryUnload(EndpointFrame f) {
        if (f.state != EndpointFrame.State.UNLOADING || !f.unmapped || f.inFetch > 0) {
            return;
        }
        ChannelSender.TakenBack taken = channels.takeBack(f.index);
        if (taken == null) {
            return;
        }
        List<Doorbell.Send> back = new ArrayList<>(taken.messages());
        back.sort(Comparator.comparingLong(Doorbell.Send::msgId).reversed());
        for (Doorbell.Send m : back) {
            f.requeue(m);
        }
        // The channels are free again: messages of other endpoints may be waiting for them.
        channels.serve(taken);
        unloading.remove(f.index);
        dmas.toHost((int) s.frameBytes(), false, -1, null, this, new MovedOut(f));
    }

    private void movedOut(EndpointFrame f) {
        f.state = EndpointFrame.State.OUT;
        f.faultReported = false;
        slotsTaken--;
        evictions--;
        nic.counter("vn.evictions").increment();
        if (f.hasWork()) {
            // It left with messages to send (written while it was leaving, or taken back after a NACK): only
            // a frame lets them go, so it asks to come back as a message arriving for it would.
            f.faultReported = true;
            nic.counter("vn.faults_reported").increment();
            toDriver(f, new DriverEntry.Fault(f.index));
        }
        balance();
    }

    private void toDriver(EndpointFrame f, DriverEntry e) {
        dmas.toHost(16, false, f.driver, e);
    }
}
