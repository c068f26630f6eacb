package org.nowemu.protocol.am.driver;

import java.util.TreeMap;
import java.util.TreeSet;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.hardware.host.BusRequest;
import org.nowemu.hardware.host.HostCpu;
import org.nowemu.hardware.host.HostThread;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.nic.DriverEntry;
import org.nowemu.protocol.am.stack.PagingSettings;
import org.nowemu.protocol.am.stack.StackSettings;

/**
 * The segment driver: the kernel's part of endpoint virtualization on one host. It creates endpoints (an
 * endpoint is a segment of its process's address space, one page), takes endpoint faults (a thread touching a
 * non-resident endpoint; the NIC reporting a message for one), asks the NIC to load the endpoint into a frame,
 * unmaps an endpoint the NIC evicts before its frame's contents move, and maps the loaded one back into its
 * process, which then goes on. It also turns the NIC's event interrupts into posts of the endpoint's semaphore.
 * The host memory the NIC reaches by DMA for an endpoint (its staging area and its bulk region) is pinned and
 * mapped when the endpoint is loaded and unpinned when it leaves, so the NIC only ever touches pinned memory of a
 * resident endpoint: medium and bulk data are copied by the host library between the user's buffers and the
 * staging area, and a message for an endpoint whose memory is not pinned is one for a non-resident endpoint.
 * Its work is charged on its own timeline (host cycles from {@link PagingSettings}; the interrupt dispatch from
 * the profile). An event interrupt's handler (its dispatch and the post) also takes the host's CPU: on a host whose
 * threads share one ({@link HostCpu}) from the thread running there, or from the thread it wakes; on a thread with
 * a CPU of its own, from that thread. Its other work (faults, loads) does not take the CPU.
 *
 * <p>Counters: {@code driver.endpoints}, {@code driver.faults} (from threads), {@code driver.nic_faults} (messages
 * for non-resident endpoints), {@code driver.loads}, {@code driver.unmaps}, {@code driver.posts},
 * {@code host.cycles}.
 */
public final class SegmentDriver extends HostThread {
    /** What a host thread asks of the driver (system calls and answers). */
    public sealed interface Call {
    }

    /** Create endpoint {@code endpoint} for the calling thread. */
    public record Create(int endpoint, int tag, int weight, boolean privileged) implements Call {
    }

    /** The calling thread touched {@code endpoint}, which is not mapped: load it. */
    public record Fault(int endpoint) implements Call {
    }

    /** The endpoint's bulk region is {@code length} bytes: pinned while the endpoint is resident. */
    public record Region(int endpoint, int length) implements Call {
    }

    /** The thread has stopped writing into {@code endpoint} (answers {@link Unmap}). */
    public record Unmapped(int endpoint) implements Call {
    }

    /** The calling thread's process crashed: close its endpoints on the NIC. */
    public record Exited(int[] endpoints) implements Call {
    }

    /** What the driver tells a host thread. */
    public sealed interface Notice {
        int endpoint();
    }

    /** The endpoint exists: mapped already if it found a free frame, else its first touch faults it in. */
    public record Created(int endpoint) implements Notice {
    }

    /** The endpoint is resident and mapped: writes into it go to the NIC. */
    public record Mapped(int endpoint) implements Notice {
    }

    /** The endpoint is leaving its frame: the next write into it faults. */
    public record Unmap(int endpoint) implements Notice {
    }

    /** The endpoint's semaphore was posted (a message landed in an empty receive queue with events on). */
    public record Post(int endpoint) implements Notice {
    }

    private final PagingSettings paging;
    private final int stagingPages;
    /** The host's shared CPUs, or -1 when each thread has its own. */
    private final int cpu;
    /** Owner thread of each endpoint. */
    private final TreeMap<Integer, Integer> owner = new TreeMap<>();
    /** Pages of each endpoint's bulk region. */
    private final TreeMap<Integer, Integer> regionPages = new TreeMap<>();
    /** Endpoints being created: their thread waits for the NIC to say whether they got a frame. */
    private final TreeSet<Integer> creating = new TreeSet<>();
    /** Endpoints the driver has asked the NIC to load and not yet heard back about. */
    private final TreeSet<Integer> loading = new TreeSet<>();

    /**
     * @param profile the hardware (CPU clock, interrupt dispatch)
     * @param nic     this host's NIC and bus
     * @param stack   the stack (paging costs, the staging area's size)
     * @param cpu     the host's {@link HostCpu} component, or -1 when its threads do not share CPUs
     */
    public SegmentDriver(HardwareProfile profile, NicParts nic, StackSettings stack, int cpu) {
        super(profile, nic);
        this.cpu = cpu;
        this.paging = stack.paging();
        this.stagingPages = paging.pages(stack.maxMedium());
    }

    @Override
    protected Receive createReceive() {
        return Receive.builder()
                .on(Create.class, this::onCreate)
                .on(Fault.class, f -> {
                    counter("driver.faults").increment();
                    load(f.endpoint());
                })
                .on(Unmapped.class, u -> pioWrite(1, new Doorbell.Unmapped(u.endpoint()), 0))
                .on(Region.class, g -> regionPages.put(g.endpoint(), paging.pages(g.length())))
                .on(Exited.class, this::onExited)
                .on(BusRequest.DmaWrite.class, w -> onNic((DriverEntry) w.payload()))
                .on(DriverEntry.Interrupt.class, this::onInterrupt)
                .on(BusRequest.PioDone.class, d -> { })
                .build();
    }

    private void onCreate(Create c) {
        int thread = sender();
        owner.put(c.endpoint(), thread);
        counter("driver.endpoints").increment();
        compute(paging.remapCycles());
        creating.add(c.endpoint());
        pioWrite(6, new Doorbell.Open(c.endpoint(), c.tag(), thread, c.privileged(), c.weight(), id()), 0);
    }

    /** Unmaps and unpins each endpoint of a dead process and tells the NIC to drop it. */
    private void onExited(Exited x) {
        for (int ep : x.endpoints()) {
            counter("driver.closed").increment();
            compute(paging.remapCycles() + (long) pinned(ep) * paging.pinCycles());
            owner.remove(ep);
            regionPages.remove(ep);
            creating.remove(ep);
            loading.remove(ep);
            pioWrite(1, new Doorbell.Close(ep), 0);
        }
    }

    private void onNic(DriverEntry e) {
        if (!owner.containsKey(e.endpoint())) {
            // About an endpoint closed meanwhile (its process crashed): nobody to tell.
            counter("driver.stale_entries").increment();
            return;
        }
        if (e instanceof DriverEntry.Opened o) {
            creating.remove(o.endpoint());
            tell(owner.get(o.endpoint()), new Created(o.endpoint()));
        } else if (e instanceof DriverEntry.Fault f) {
            counter("driver.nic_faults").increment();
            load(f.endpoint());
        } else if (e instanceof DriverEntry.Evicting v) {
            // Unmap the endpoint's page and unpin its staging area and bulk region; the thread answers when it has
            // stopped writing.
            counter("driver.unmaps").increment();
            compute(paging.remapCycles() + (long) pinned(v.endpoint()) * paging.pinCycles());
            tell(owner.get(v.endpoint()), new Unmap(v.endpoint()));
        } else if (e instanceof DriverEntry.Loaded l) {
            loading.remove(l.endpoint());
            counter("driver.loads").increment();
            compute(paging.remapCycles() + (long) pinned(l.endpoint()) * paging.pinCycles());
            tell(owner.get(l.endpoint()), new Mapped(l.endpoint()));
            if (creating.remove(l.endpoint())) {
                tell(owner.get(l.endpoint()), new Created(l.endpoint()));
            }
        }
    }

    /** Pages pinned for DMA while the endpoint is resident: its staging area and its bulk region. */
    private int pinned(int endpoint) {
        return stagingPages + regionPages.getOrDefault(endpoint, 0);
    }

    /** Asks the NIC for the endpoint in a frame, once until it answers. */
    private void load(int endpoint) {
        compute(paging.faultCycles());
        if (loading.add(endpoint)) {
            pioWrite(1, new Doorbell.Load(endpoint), 0);
        }
    }

    private void onInterrupt(DriverEntry.Interrupt i) {
        if (!owner.containsKey(i.endpoint())) {
            counter("driver.stale_entries").increment();
            return;
        }
        counter("driver.posts").increment();
        long start = cursor();
        interruptDispatch();
        compute(paging.postCycles());
        // The handler's time is taken on the host's CPU: the shared one, or the owner's own.
        int thread = owner.get(i.endpoint());
        send(cpu >= 0 ? cpu : thread, start - now() + signal(), new HostCpu.Interrupt(cursor() - start));
        tell(thread, new Post(i.endpoint()));
    }

    /** Sends {@code n} to a thread when the driver's work so far is done. */
    private void tell(int thread, Notice n) {
        send(thread, cursor() - now() + signal(), n);
    }
}
