package org.nowemu.protocol.parts;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A design choice that configuration names by a key: its constant's name in lower case, words joined by hyphens
 * ({@code ACK_NACK} is {@code ack-nack}). One lookup serves every such enum (multicast modes, translation and
 * reliability choices).
 */
public interface KeyedChoice {
    /** The enum constant's name. */
    String name();

    /** The name in configuration and in experiment keys. */
    default String key() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The choice of {@code type} named {@code key}, or null. */
    static <E extends Enum<E> & KeyedChoice> E named(Class<E> type, String key) {
        for (E c : type.getEnumConstants()) {
            if (c.key().equals(key)) {
                return c;
            }
        }
        return null;
    }

    /** The keys of {@code type}'s choices, in order, for a message. */
    static <E extends Enum<E> & KeyedChoice> String keys(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(KeyedChoice::key).collect(Collectors.joining(", "));
    }
}
