package org.nowemu.hardware.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.stats.Counter;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.profile.NicSettings;

/**
 * The power-cycle wrapper driven event by event: off from 100 to 200 ps. Each firmware life takes 800 of the
 * SRAM's 900 free bytes, posts 4 receive buffers, sets a timer and starts a DMA with tag 7 at start, and hands
 * over "held by life N" when it dies.
 */
class PowerCycleTest {
    /** A firmware that records what it is told. */
    private static final class Recorder implements Firmware {
        final int life;
        final List<String> log;

        Recorder(int life, List<String> log) {
            this.life = life;
            this.log = log;
        }

        @Override
        public void start(NicContext nic) {
            nic.sram().allocate("tables", 800);
            nic.postReceive(4);
            nic.timer(1000, "tick");
            nic.hostDma(DmaRequest.fromHost(64, false, 7));
            log.add(life + " start");
        }

        @Override
        public void handle(NicContext nic, Object event) {
            log.add(life + " " + event);
        }

        @Override
        public Object powerLost(NicContext nic) {
            log.add(life + " lost");
            return "held by life " + life;
        }

        @Override
        public void restart(NicContext nic, int boot, Object previous, List<Object> writesWhileOff) {
            start(nic);
            log.add(life + " restart boot " + boot + " with " + previous + " and " + writesWhileOff);
        }
    }

    /** The processor as the wrapper sees it: it records timers, DMAs and buffer posts. */
    private static final class Stub implements NicContext {
        final Sram sram = new Sram("h0", 1000, 100);
        final TreeMap<String, Counter> counters = new TreeMap<>();
        final List<Object> timers = new ArrayList<>();
        final List<Long> dmaTags = new ArrayList<>();
        int posted;
        long now;

        long count(String name) {
            return counters.containsKey(name) ? counters.get(name).value() : 0;
        }

        @Override public int nic() {
            return 0;
        }

        @Override public int processor() {
            return 1;
        }

        @Override public NicSettings settings() {
            return null;
        }

        @Override public long now() {
            return now;
        }

        @Override public void cycles(long n) {
        }

        @Override public Sram sram() {
            return sram;
        }

        @Override public Packet packet(byte[] route, byte[] body) {
            return Packet.create(0, 0, route, body);
        }

        @Override public void transmit(Packet packet) {
        }

        @Override public void postReceive(int buffers) {
            posted += buffers;
        }

        @Override public void hostDma(DmaRequest request) {
            dmaTags.add(request.tag());
        }

        @Override public void tell(int component, long delayPs, Object payload) {
        }

        @Override public void timer(long delayPs, Object tag) {
            timers.add(tag);
        }

        @Override public Counter counter(String name) {
            return counters.computeIfAbsent(name, k -> new Counter());
        }

        @Override public Histogram histogram(String name) {
            throw new UnsupportedOperationException();
        }

        @Override public SplittableRandom random() {
            return new SplittableRandom(1);
        }
    }

    private final List<String> log = new ArrayList<>();
    private final Stub nic = new Stub();
    private final int[] lives = {0};
    private final PowerCycle power = new PowerCycle(() -> new Recorder(lives[0]++, log), new long[][] {{100, 200}});

    private void at(long ps, Object event) {
        nic.now = ps;
        power.handle(nic, event);
    }

    /**
     * Life 0 runs until 100; while off a packet is dropped and its buffer posted again, a host write is kept, and
     * life 0's timer and DMA completion are ignored. At 200 life 1 starts on fresh SRAM (another 800 bytes fit) as
     * incarnation 1 with life 0's hand-over and the write; its 4 buffers replace the 4 the receive DMA still holds
     * (nothing more is posted); its timer and DMA are marked as its own. Afterwards life 0's timer and completion
     * are dropped and life 1's reach it as it set them.
     */
    @Test
    void eachLifeStartsFreshAndSeesOnlyItsOwnTimersAndDmas() {
        power.start(nic);
        Object tick0 = nic.timers.get(0);
        assertEquals(List.of("tick", "PowerOff[]", "PowerOn[]"), nic.timers.stream().map(Object::toString).toList());
        assertEquals(List.of(7L), nic.dmaTags);
        assertEquals(4, nic.posted);
        at(50, new NicEvent.DmaDone(7));

        at(100, new NicEvent.Timer(nic.timers.get(1)));
        at(120, new NicEvent.PacketReceived(nic.packet(new byte[0], new byte[0]), NicEvent.Status.OK));
        at(130, new NicEvent.HostWrite("w1", 9));
        at(140, new NicEvent.Timer(tick0));
        at(150, new NicEvent.DmaDone(7));
        assertEquals(5, nic.posted, "the dropped packet's buffer posted again");

        at(200, new NicEvent.Timer(nic.timers.get(2)));
        assertEquals(5, nic.posted, "life 1's buffers replace those still posted");
        long ownTag = (1L << 48) | 7;
        assertEquals(List.of(7L, ownTag), nic.dmaTags);
        Object tick1 = nic.timers.get(3);
        at(250, new NicEvent.Timer(tick0));
        at(260, new NicEvent.DmaDone(7));
        at(270, new NicEvent.Timer(tick1));
        at(280, new NicEvent.DmaDone(ownTag));

        assertEquals(List.of("0 start", "0 DmaDone[tag=7]", "0 lost", "1 start",
                "1 restart boot 1 with held by life 0 and [w1]", "1 Timer[tag=tick]", "1 DmaDone[tag=7]"), log);
        assertEquals(1, nic.count("nic.power_offs"));
        assertEquals(4, nic.count("nic.powered_off_events"));
        assertEquals(2, nic.count("nic.previous_life_events"));
        assertEquals(900, nic.sram.used(), "life 1 allocated in a fresh SRAM, not on top of life 0's");
    }

    @Test
    void cyclesMustBeInOrderAndApart() {
        assertThrows(IllegalArgumentException.class,
                () -> new PowerCycle(() -> null, new long[][] {{100, 300}, {200, 400}}));
        assertThrows(IllegalArgumentException.class, () -> new PowerCycle(() -> null, new long[][] {{100, 100}}));
    }
}
