package org.nowemu.actors.wire;

/**
 * Marks a message that crosses between JVMs. Pekko's {@code serialization-bindings} (actors/reference.conf)
 * send every implementation through {@link KryoSerializer}, so the class must also be listed in
 * {@code nowemu.wire.classes}, in the same order on every member; otherwise serializing it fails naming the
 * class.
 */
public interface WireMessage {
}
