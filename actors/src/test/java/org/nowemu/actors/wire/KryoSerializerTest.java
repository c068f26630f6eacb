package org.nowemu.actors.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.serialization.Serialization;
import org.apache.pekko.serialization.SerializationExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.runtime.Event;

@Timeout(60)
class KryoSerializerTest {
    record Probe(int hop, String route, long[] stamps) {
    }

    record Unlisted(int x) {
    }

    record Hello(String who, int times) implements WireMessage {
    }

    @Test
    void anEventWithARecordPayloadSurvivesTheRoundTrip() {
        KryoSerializer serializer = new KryoSerializer(WireRegistry.of(Probe.class));
        Event sent = new Event(123_456_789_000L, 7, 42, 9, new Probe(3, "a>b>c", new long[] {1, -2, Long.MAX_VALUE}));

        Event got = (Event) serializer.fromBinaryJava(serializer.toBinary(sent), null);

        assertEquals(sent.time(), got.time());
        assertEquals(sent.source(), got.source());
        assertEquals(sent.sequence(), got.sequence());
        assertEquals(sent.target(), got.target());
        Probe p = (Probe) got.payload();
        assertEquals(3, p.hop());
        assertEquals("a>b>c", p.route());
        assertArrayEquals(new long[] {1, -2, Long.MAX_VALUE}, p.stamps());
    }

    @Test
    void anUnregisteredPayloadClassFailsNamingTheClass() {
        KryoSerializer serializer = new KryoSerializer(WireRegistry.of(Probe.class));
        Event sent = new Event(1, 0, 0, 1, new Unlisted(5));

        RuntimeException e = assertThrows(RuntimeException.class, () -> serializer.toBinary(sent));

        assertTrue(e.getMessage().contains(Unlisted.class.getName()), e.getMessage());
        assertTrue(e.getMessage().contains("nowemu.wire.classes"), e.getMessage());
        // The failed call must not have spoilt the pooled instances.
        Event ok = new Event(2, 0, 1, 1, new Probe(1, "x", new long[0]));
        assertEquals(2, ((Event) serializer.fromBinaryJava(serializer.toBinary(ok), null)).time());
    }

    @Test
    void anUnknownClassInTheConfigurationIsBadInput() {
        Config config = ConfigFactory.parseString("nowemu.wire.classes = [\"no.such.Clazz\"]")
                .withFallback(ConfigFactory.load());

        BadInputException e = assertThrows(BadInputException.class, () -> WireRegistry.from(config));

        assertTrue(e.getMessage().contains("nowemu.wire.classes"), e.getMessage());
        assertTrue(e.getMessage().contains("no.such.Clazz"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    @Test
    void twoRegistriesFromTheSameListGiveTheSameIds() {
        Config config = ConfigFactory.parseString("nowemu.wire.classes = [\"" + Unlisted.class.getName() + "\", \""
                + Probe.class.getName() + "\"]").withFallback(ConfigFactory.load());
        WireRegistry a = WireRegistry.from(config);
        WireRegistry b = WireRegistry.from(config);
        assertNotSame(a, b);
        assertEquals(a, b);
        assertEquals(WireRegistry.BASE_ID, a.idOf(Event.class));
        assertEquals(a.idOf(Probe.class), b.idOf(Probe.class));
        assertEquals(a.idOf(Unlisted.class) + 1, a.idOf(Probe.class));

        List<Object> payload = new ArrayList<>(List.of(new Probe(2, "r", new long[] {5}), 17, "s", Collections.emptyList()));
        Event sent = new Event(10, 1, 2, 3, payload);
        Event got = (Event) new KryoSerializer(b).fromBinaryJava(new KryoSerializer(a).toBinary(sent), null);

        List<?> back = (List<?>) got.payload();
        assertEquals(4, back.size());
        assertArrayEquals(new long[] {5}, ((Probe) back.get(0)).stamps());
        assertEquals(17, back.get(1));
        assertEquals("s", back.get(2));
        assertEquals(Collections.emptyList(), back.get(3));
    }

    @Test
    void pekkoPicksTheSerializerForWireMessages() {
        Config config = ConfigFactory.parseString("nowemu.wire.classes = [\"" + Hello.class.getName() + "\"]")
                .withFallback(ConfigFactory.load());
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "wire-test", config);
        try {
            Serialization serialization = SerializationExtension.get(Adapter.toClassic(system));
            Hello hello = new Hello("there", 2);

            assertInstanceOf(KryoSerializer.class, serialization.findSerializerFor(hello));
            byte[] bytes = serialization.serialize(hello).get();
            Object back = serialization.deserialize(bytes, KryoSerializer.IDENTIFIER, "").get();
            assertEquals(hello, back);
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().join();
        }
    }
}
