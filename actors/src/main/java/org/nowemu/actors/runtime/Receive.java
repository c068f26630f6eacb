package org.nowemu.actors.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Maps the payload classes a component handles to its handlers, the way Pekko's {@code createReceive()} does
 * for actors. A handler for an interface (a component's {@code sealed interface Command}) catches every
 * record that implements it; the exact class wins over a supertype, earlier entries over later ones.
 */
public final class Receive {
    private final Class<?>[] classes;
    private final Consumer<Object>[] handlers;
    /**
     * Payload classes already resolved to their handler, in the order first seen: a component mostly gets two or
     * three classes in turn (a switch port a flit, then a crossing), so remembering only the last one sent every
     * other event through {@link #find}, a twelfth of a large model's samples.
     */
    private Class<?>[] seen = new Class<?>[4];
    private Consumer<Object>[] seenHandlers = newHandlers(4);
    private int seenCount;

    private Receive(List<Class<?>> classes, List<Consumer<Object>> handlers) {
        this.classes = classes.toArray(new Class<?>[0]);
        @SuppressWarnings("unchecked")
        Consumer<Object>[] h = handlers.toArray(new Consumer[0]);
        this.handlers = h;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Runs the handler for {@code payload}; fails naming the payload class when there is none. */
    void dispatch(Object payload) {
        handlerFor(payload.getClass()).accept(payload);
    }

    /** The handler of payloads of class {@code c}; fails naming the class when there is none. */
    Consumer<Object> handlerFor(Class<?> c) {
        Class<?>[] s = seen;
        for (int i = 0; i < seenCount; i++) {
            if (s[i] == c) {
                return seenHandlers[i];
            }
        }
        Consumer<Object> h = find(c);
        if (seenCount == seen.length) {
            seen = java.util.Arrays.copyOf(seen, seenCount * 2);
            seenHandlers = java.util.Arrays.copyOf(seenHandlers, seenCount * 2);
        }
        seen[seenCount] = c;
        seenHandlers[seenCount++] = h;
        return h;
    }

    @SuppressWarnings("unchecked")
    private static Consumer<Object>[] newHandlers(int n) {
        return new Consumer[n];
    }

    private Consumer<Object> find(Class<?> c) {
        for (int i = 0; i < classes.length; i++) {
            if (classes[i] == c) {
                return handlers[i];
            }
        }
        for (int i = 0; i < classes.length; i++) {
            if (classes[i].isAssignableFrom(c)) {
                return handlers[i];
            }
        }
        throw new IllegalStateException("no handler for a message of class " + c.getName());
    }

    /** Collects (class, handler) pairs in order. */
    public static final class Builder {
        private final List<Class<?>> classes = new ArrayList<>();
        private final List<Consumer<Object>> handlers = new ArrayList<>();

        public <T> Builder on(Class<T> type, Consumer<? super T> handler) {
            classes.add(type);
            // No cast per message: dispatch hands a handler only payloads of its class (find checks it), and a
            // wrapper that cast each one was an eighth of a run's samples.
            @SuppressWarnings("unchecked")
            Consumer<Object> unchecked = (Consumer<Object>) handler;
            handlers.add(unchecked);
            return this;
        }

        public Receive build() {
            return new Receive(classes, handlers);
        }
    }
}
