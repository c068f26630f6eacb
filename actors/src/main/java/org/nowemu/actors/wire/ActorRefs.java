package org.nowemu.actors.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorRefResolver;

/**
 * Typed actor references on the wire: written as the {@link ActorRefResolver}'s serialization string and
 * resolved back on the receiving member, so the coordinator and the members can address each other.
 */
final class ActorRefs {
    /** The class of every typed reference Pekko hands out (the adapter over a classic reference). */
    static final Class<?> ADAPTER = load();

    private ActorRefs() {
    }

    private static Class<?> load() {
        try {
            return Class.forName("org.apache.pekko.actor.typed.internal.adapter.ActorRefAdapter");
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("Pekko's typed ActorRefAdapter is missing: " + e.getMessage(), e);
        }
    }

    @SuppressWarnings("rawtypes")
    static final class RefSerializer extends Serializer<ActorRef> {
        private final java.util.function.Supplier<ActorRefResolver> resolver;

        RefSerializer(java.util.function.Supplier<ActorRefResolver> resolver) {
            super(false, true);
            this.resolver = resolver;
        }

        @Override
        @SuppressWarnings("unchecked")
        public void write(Kryo kryo, Output output, ActorRef ref) {
            if (resolver == null) {
                throw new IllegalStateException("an actor reference can only be written by a serializer of an actor"
                        + " system");
            }
            output.writeString(resolver.get().toSerializationFormat(ref));
        }

        @Override
        public ActorRef read(Kryo kryo, Input input, Class<? extends ActorRef> type) {
            if (resolver == null) {
                throw new IllegalStateException("an actor reference can only be read by a serializer of an actor"
                        + " system");
            }
            return resolver.get().resolveActorRef(input.readString());
        }
    }
}
