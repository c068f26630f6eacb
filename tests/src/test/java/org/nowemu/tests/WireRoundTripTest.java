package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.ConfigFactory;
import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.cluster.Coordinator;
import org.nowemu.actors.cluster.MemberAgent;
import org.nowemu.actors.runtime.ComponentReport;
import org.nowemu.actors.runtime.Event;
import org.nowemu.actors.runtime.RunFailure;
import org.nowemu.actors.trace.TraceEntry;
import org.nowemu.actors.wire.KryoSerializer;
import org.nowemu.hardware.link.Flit;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.link.StopGo;
import org.nowemu.mapper.daemon.MapperOutcome;
import org.nowemu.workloads.phold.PholdNode;

/**
 * Every class of the wire's table (the runtime's, the cluster protocol's, the link level's, the mapper's outcomes
 * and PHOLD's, as the modules' reference.conf list them) survives a round trip through the Kryo serializer of an
 * actor system unchanged, field by field; the table holds nothing this test has no sample of.
 */
class WireRoundTripTest {
    private static ActorSystem<Void> system;
    private static KryoSerializer kryo;

    @BeforeAll
    static void start() {
        system = ActorSystem.create(Behaviors.empty(), "wire-test", ConfigFactory.load());
        kryo = new KryoSerializer((ExtendedActorSystem) Adapter.toClassic(system));
    }

    @AfterAll
    static void stop() {
        system.terminate();
    }

    @Test
    void everyRegisteredClassComesBackEqual() {
        Map<Class<?>, Object> samples = samples();
        for (Class<?> c : kryo.registry().classes()) {
            assertTrue(samples.containsKey(c), "no sample of registered class " + c.getName());
        }
        for (Map.Entry<Class<?>, Object> e : samples.entrySet()) {
            Object back = kryo.fromBinary(kryo.toBinary(e.getValue()));
            assertEquals(e.getValue().getClass(), back.getClass());
            assertTrue(same(e.getValue(), back), e.getKey().getName() + ": " + e.getValue() + " came back as " + back);
        }
    }

    private static Map<Class<?>, Object> samples() {
        ActorRef<Coordinator.Outcome> ref = system.systemActorOf(Behaviors.empty(), "outcomes",
                org.apache.pekko.actor.typed.Props.empty());
        Histogram h = new Histogram(3);
        h.recordValue(12_345);
        h.recordValue(7);
        TreeMap<String, Long> counters = new TreeMap<>(Map.of("vn.nacks", 3L, "am.requests", 40L));
        TreeMap<String, Histogram> histograms = new TreeMap<>(Map.of("rtt", h));
        ArrayList<TraceEntry> trace = new ArrayList<>(List.of(new TraceEntry(5, -1, "Flit", 2)));
        org.nowemu.actors.runtime.LedgerBook book = new org.nowemu.actors.runtime.LedgerBook();
        book.sent(0x30000000001L, 5_000, org.nowemu.actors.runtime.LedgerBook.address(4, 0));
        book.handled(0x40000000002L, org.nowemu.actors.runtime.LedgerBook.address(3, 0));
        book.returned(0x30000000003L, 9_000, "UNREACHABLE");
        book.discarded(0x50000000004L);
        book.crashed(8_000);
        org.nowemu.actors.runtime.LedgerEntries page = book.entries();
        // A map of two switches (s0 reached by no route, s1 through port 2), h3 on s0, h4 on s1, one link.
        org.nowemu.mapper.graph.MapImage image = new org.nowemu.mapper.graph.MapImage(3,
                new byte[][] {{}, {2}}, new byte[][] {{}, {-2}}, new int[] {3, 0, 1, 4, 1, 1}, new int[] {0, 2, 1, 0});
        MapperOutcome.Led led = new MapperOutcome.Led(3, 15_000_000, image, new int[] {5});
        MapperOutcome.Installed installed = new MapperOutcome.Installed(4);
        ComponentReport report = new ComponentReport(7, "h3.p0", 0x1234_5678_9abcL, 10, 11, 0, 1, 999, counters,
                histograms, trace, 0, page, new ArrayList<>(List.of(led, installed)));
        RunFailure failure = new RunFailure(1_000, 7, "h3.lanai", "boom");
        Packet packet = Packet.create(42L << 32, 3, new byte[] {1, -2, 0}, new byte[] {9, 8, 7, 6});
        Flit flit = new Flit(2, packet.id(), 0, 64, false, false, 1, packet, new int[] {17});
        Event event = new Event(5_000, 3, 9, 4, flit);
        ArrayList<Event> events = new ArrayList<>(List.of(event, new Event(6_000, 4, 1, 3, new StopGo(1, false))));
        ArrayList<ComponentReport> reports = new ArrayList<>(List.of(report));
        Map<Class<?>, Object> m = new LinkedHashMap<>();
        m.put(Event.class, event);
        m.put(ArrayList.class, events);
        m.put(Collections.emptyList().getClass(), Collections.emptyList());
        m.put(String[].class, new String[] {"a", "b"});
        m.put(byte[].class, new byte[] {1, 2});
        m.put(int[].class, new int[] {3});
        m.put(long[].class, new long[] {4L});
        m.put(double[].class, new double[] {0.5});
        m.put(boolean[].class, new boolean[] {true});
        m.put(TreeMap.class, counters);
        m.put(Histogram.class, h);
        m.put(ComponentReport.class, report);
        m.put(org.nowemu.actors.runtime.LedgerEntries.class, page);
        m.put(TraceEntry.class, trace.get(0));
        m.put(RunFailure.class, failure);
        m.put(ref.getClass(), ref);
        m.put(Coordinator.Submit.class, new Coordinator.Submit(1, "nowemu.seed = 1", 10_000, 2, ref));
        m.put(Coordinator.Ready.class, new Coordinator.Ready(1, 0));
        m.put(Coordinator.Progress.class, new Coordinator.Progress(1, 1, 5_000, 20, 33, 1_000_000));
        m.put(Coordinator.Halted.class, new Coordinator.Halted(1, 1, failure));
        Coordinator.MemberStats stats = new Coordinator.MemberStats(100, 250, 40, 7_000_000, 9_000_000, 2, 1_500_000, 600_000,
                12);
        m.put(Coordinator.Reports.class, new Coordinator.Reports(1, 1, reports, true, null, stats));
        m.put(Coordinator.MemberStats.class, stats);
        m.put(Coordinator.Refused.class, new Coordinator.Refused(1, 1, "different builds"));
        m.put(Coordinator.Started.class, new Coordinator.Started(1, "2 members", new ArrayList<>(List.of(
                "pekko://nowemu@127.0.0.1:2552", "pekko://nowemu@127.0.0.1:2553")), "pekko://nowemu@127.0.0.1:2552"));
        m.put(Coordinator.Advanced.class, new Coordinator.Advanced(1, 5_000, 20));
        m.put(Coordinator.Coupling.class, new Coordinator.Coupling(1, 0.25, 0.4, "lambda 0.25 over 2 members"));
        m.put(Coordinator.Done.class, new Coordinator.Done(1, reports, true, new ArrayList<>(List.of(stats))));
        m.put(Coordinator.Failed.class, new Coordinator.Failed(1, "the cluster is busy", true));
        ActorRef<MemberAgent.Command> agent = system.systemActorOf(Behaviors.<MemberAgent.Command>empty(), "agent",
                org.apache.pekko.actor.typed.Props.empty());
        m.put(MemberAgent.Assign.class, new MemberAgent.Assign(1, "nowemu.seed = 1", new int[] {0, 0, 1}, 1, 50_000,
                new ArrayList<>(List.of(agent, agent)), system.systemActorOf(Behaviors.<Coordinator.Command>empty(),
                        "coordinator", org.apache.pekko.actor.typed.Props.empty())));
        m.put(MemberAgent.Begin.class, new MemberAgent.Begin(1));
        m.put(MemberAgent.Window.class, new MemberAgent.Window(1, 0, 7, 2, 5_000, 5_200,
                new long[] {Long.MAX_VALUE, 5_300},
                events, failure, 40, 125_000));
        m.put(MemberAgent.Abort.class, new MemberAgent.Abort(1));
        m.put(Flit.class, flit);
        m.put(Packet.class, packet);
        m.put(StopGo.class, new StopGo(3, true));
        m.put(PholdNode.Ping.class, new PholdNode.Ping());
        m.put(org.nowemu.workloads.traffic.MessageRows.Sent.class,
                new org.nowemu.workloads.traffic.MessageRows.Sent("am", 3, 17, 123_456_789L));
        m.put(org.nowemu.workloads.traffic.MessageRows.Received.class,
                new org.nowemu.workloads.traffic.MessageRows.Received("am", 3, 17, 223_456_789L));
        m.put(MapperOutcome.Led.class, led);
        m.put(MapperOutcome.Installed.class, installed);
        m.put(org.nowemu.mapper.graph.MapImage.class, image);
        m.put(byte[][].class, image.routes());
        return m;
    }

    /** Deep equality: records field by field, arrays and collections element by element. */
    private static boolean same(Object a, Object b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a.getClass() != b.getClass()) {
            return false;
        }
        if (a.getClass().isArray()) {
            int n = Array.getLength(a);
            if (n != Array.getLength(b)) {
                return false;
            }
            for (int i = 0; i < n; i++) {
                if (!same(Array.get(a, i), Array.get(b, i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Event x && b instanceof Event y) {
            return x.time() == y.time() && x.source() == y.source() && x.sequence() == y.sequence()
                    && x.target() == y.target() && same(x.payload(), y.payload());
        }
        if (a.getClass().isRecord()) {
            try {
                for (RecordComponent rc : a.getClass().getRecordComponents()) {
                    rc.getAccessor().setAccessible(true);
                    if (!same(rc.getAccessor().invoke(a), rc.getAccessor().invoke(b))) {
                        return false;
                    }
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
            return true;
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!same(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            if (!x.keySet().equals(y.keySet())) {
                return false;
            }
            for (Object k : x.keySet()) {
                if (!same(x.get(k), y.get(k))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }
}
