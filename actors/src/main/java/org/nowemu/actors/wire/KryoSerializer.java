package org.nowemu.actors.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.Pool;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.serialization.JSerializer;

/**
 * The Pekko serializer for messages that cross between JVMs: Kryo 5 with every class registered at the fixed
 * id given by a {@link WireRegistry}, bound to {@link WireMessage} in actors/reference.conf. Its
 * {@link #identifier()} is {@value #IDENTIFIER}, fixed forever: Artery writes it in front of every message so
 * the receiver picks the same serializer. No manifest is sent; the class id inside the bytes says the type.
 *
 * <p>Thread-safe: Artery calls it from several lanes at once, and a Kryo instance is not thread-safe, so
 * instances are pooled, as are the output buffers.
 */
public final class KryoSerializer extends JSerializer {
    /** Pekko's id of this serializer (741100); Pekko reserves 0..40 for its own. */
    public static final int IDENTIFIER = 741_100;

    // Enough for the lanes of Artery and a few actors serializing at once; beyond that instances are made and
    // dropped rather than kept, which is correct, only slower.
    private static final int POOL_SIZE = 16;
    // Output buffers are pooled (not allocated per call): most messages are small, and reusing a warm buffer
    // saves an allocation and a copy on growth per message. A buffer that grew past MAX_POOLED_BYTES for one
    // large message is dropped instead of returned, so the pool never pins large arrays.
    private static final int INITIAL_BYTES = 512;
    private static final int MAX_POOLED_BYTES = 1 << 20;

    private final WireRegistry registry;
    private final Pool<Kryo> kryos;
    private final Pool<Output> outputs;

    /** How Pekko makes it: the class table comes from {@code nowemu.wire.classes} of the system's config. */
    public KryoSerializer(ExtendedActorSystem system) {
        // The resolver is looked up on first use: serializers are made while the system is still starting.
        this(WireRegistry.from(system.settings().config(), system.dynamicAccess().classLoader()),
                () -> org.apache.pekko.actor.typed.ActorRefResolver.get(
                        org.apache.pekko.actor.typed.javadsl.Adapter.toTyped(system)));
    }

    /** Without an actor system, for tests and tools (messages holding actor references cannot be carried). */
    public KryoSerializer(WireRegistry registry) {
        this(registry, null);
    }

    private KryoSerializer(WireRegistry registry,
                           java.util.function.Supplier<org.apache.pekko.actor.typed.ActorRefResolver> resolver) {
        this.registry = registry;
        this.kryos = new Pool<>(true, false, POOL_SIZE) {
            @Override
            protected Kryo create() {
                return registry.newKryo(resolver);
            }
        };
        this.outputs = new Pool<>(true, false, POOL_SIZE) {
            @Override
            protected Output create() {
                // maxBufferSize -1: grows without bound; Artery's frame size is the real limit.
                return new Output(INITIAL_BYTES, -1);
            }
        };
        // Build one Kryo now so that a listed class Kryo cannot handle fails at start-up, not on first send.
        kryos.free(kryos.obtain());
    }

    public WireRegistry registry() {
        return registry;
    }

    @Override
    public int identifier() {
        return IDENTIFIER;
    }

    @Override
    public boolean includeManifest() {
        return false;
    }

    @Override
    public byte[] toBinary(Object o) {
        Kryo kryo = kryos.obtain();
        Output output = outputs.obtain();
        byte[] bytes;
        try {
            kryo.writeClassAndObject(output, o);
            bytes = output.toBytes();
        } catch (RuntimeException e) {
            // The Kryo and the buffer may hold half a message; let them go rather than return them.
            throw new IllegalArgumentException("cannot write " + o.getClass().getName() + " to the wire: "
                    + oneLine(e.getMessage()), e);
        }
        kryos.free(kryo);
        if (output.getBuffer().length <= MAX_POOLED_BYTES) {
            output.reset();
            outputs.free(output);
        }
        return bytes;
    }

    @Override
    public Object fromBinaryJava(byte[] bytes, Class<?> manifest) {
        Kryo kryo = kryos.obtain();
        Object o;
        try {
            o = kryo.readClassAndObject(new Input(bytes));
        } catch (RuntimeException e) {
            // An unknown or mismatched id almost always means the members' class tables differ.
            throw new IllegalArgumentException("cannot read a wire message of " + bytes.length + " bytes: "
                    + oneLine(e.getMessage()) + " (do all members run the same build with the same "
                    + WireRegistry.CLASSES_KEY + "?)", e);
        }
        kryos.free(kryo);
        return o;
    }

    // Kryo appends its serialization trace on new lines; one line reads better in a log.
    private static String oneLine(String message) {
        return message == null ? "" : message.replaceAll("\\s*\\n\\s*", " ");
    }
}
