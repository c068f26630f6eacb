package org.nowemu.hardware.nic;

import java.util.ArrayDeque;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.nowemu.actors.runtime.Component;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.actors.stats.Counter;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.profile.NicSettings;

/**
 * The LANai processor of a NIC: runs the {@link Firmware} the protocol layer supplies, one event at a time. The
 * firmware charges its work in LANai cycles; the processor is busy until those cycles have passed, so events that
 * arrive meanwhile wait in arrival order, and every action the firmware takes (send a packet, start a DMA, post
 * buffers, tell the host) leaves at the time its preceding cycles end. Signals to the NIC's own engines take one
 * cycle.
 *
 * <p>Counters: {@code nic.events} (events handled), {@code nic.cycles} (cycles charged), {@code nic.waited}
 * (events that found the processor busy).
 */
public final class Lanai extends Component {
    /** Wakes the processor when it becomes free with events waiting. */
    private record Resume() {
    }

    private Counter eventsCounter;
    private final HardwareProfile profile;
    private final NicParts parts;
    private final Firmware firmware;
    private final long cycle;
    private final ArrayDeque<Object> backlog = new ArrayDeque<>();
    private final Context context = new Context();
    private Sram sram;
    private long cursor;
    private boolean resumePending;
    private long packets;

    /**
     * @param profile  the hardware profile (LANai clock, SRAM)
     * @param parts    this NIC's parts
     * @param firmware what the processor runs
     */
    public Lanai(HardwareProfile profile, NicParts parts, Firmware firmware) {
        this.profile = profile;
        this.parts = parts;
        this.firmware = firmware;
        this.cycle = profile.nic().lanai().cycles(1);
    }

    @Override
    protected Receive createReceive() {
        return Receive.builder()
                .on(Resume.class, r -> onResume())
                .on(Object.class, this::onEvent)
                .build();
    }

    @Override
    protected void onStart() {
        NicSettings s = profile.nic();
        sram = new Sram(nameOf(id()), s.sramBytes(), s.sramReserved());
        cursor = now();
        firmware.start(context);
        afterRun();
    }

    /** What the firmware still holds for resending goes on the ledger as pending (after the run: no event). */
    @Override
    protected void onFinish() {
        for (long id : firmware.holding()) {
            ledger().pending(id);
        }
    }

    private void onEvent(Object e) {
        if (cursor > now() || !backlog.isEmpty()) {
            counter("nic.waited").increment();
            backlog.add(e);
            afterRun();
            return;
        }
        run(e);
    }

    private void onResume() {
        resumePending = false;
        while (!backlog.isEmpty() && cursor <= now()) {
            run(backlog.poll());
        }
        // A wake-up that finds the processor still busy (an earlier one, made stale by work charged since, fired
        // first) must leave another behind, or the backlog would wait for the next event to arrive.
        afterRun();
    }

    private void run(Object e) {
        cursor = now();
        events().increment();
        firmware.handle(context, e);
        if (cursor > now()) {
            traceSpan(e.getClass().getSimpleName(), now(), cursor - now());
        }
        afterRun();
    }

    private void afterRun() {
        if (!backlog.isEmpty() && !resumePending) {
            resumePending = true;
            schedule(Math.max(0, cursor - now()), new Resume());
        }
    }

    /** Delay from now to the processor's current time plus {@code ps}. */
    private long at(long ps) {
        return cursor - now() + ps;
    }

    /** The firmware's view of this processor. */
    private final class Context implements NicContext {
        @Override
        public int nic() {
            return parts.nic();
        }

        @Override
        public int processor() {
            return parts.processor();
        }

        @Override
        public NicSettings settings() {
            return profile.nic();
        }

        @Override
        public long now() {
            return cursor;
        }

        @Override
        public void cycles(long n) {
            if (n < 0) {
                throw new IllegalArgumentException("negative cycles: " + n);
            }
            cursor += profile.nic().lanai().cycles(n);
            counter("nic.cycles").add(n);
        }

        @Override
        public Sram sram() {
            return sram;
        }

        @Override
        public Packet packet(byte[] route, byte[] body) {
            return Packet.create(((long) parts.nic() << 40) | packets++, parts.nic(), route, body);
        }

        @Override
        public void transmit(Packet packet) {
            send(parts.send(), at(cycle), new SendDma.Transmit(packet));
        }

        @Override
        public void postReceive(int buffers) {
            send(parts.recv(), at(cycle), new RecvDma.Post(buffers));
        }

        @Override
        public void hostDma(DmaRequest request) {
            send(parts.hostDma(), at(cycle), request);
        }

        @Override
        public void tell(int component, long delayPs, Object payload) {
            send(component, at(delayPs), payload);
        }

        @Override
        public void timer(long delayPs, Object tag) {
            schedule(at(delayPs), new NicEvent.Timer(tag));
        }

        @Override
        public Counter counter(String name) {
            return Lanai.this.counter(name);
        }

        @Override
        public Histogram histogram(String name) {
            return Lanai.this.histogram(name);
        }

        @Override
        public SplittableRandom random() {
            return Lanai.this.random();
        }
    }

    /** {@code nic.events}, looked up once: it counts every event the processor handles. */
    private Counter events() {
        if (eventsCounter == null) {
            eventsCounter = counter("nic.events");
        }
        return eventsCounter;
    }
}
