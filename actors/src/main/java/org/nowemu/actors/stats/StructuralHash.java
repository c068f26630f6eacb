package org.nowemu.actors.stats;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.Map;

/**
 * A hash of a message payload that depends only on its contents, never on identity or on iteration order of
 * a hashed collection, so it is the same in every JVM. Handles records (by their components), primitives and
 * their boxes, strings, enums (by name), arrays, lists and sorted maps; a payload may implement
 * {@link Digestible} to say itself what identifies it. Anything else fails loudly: an unstable hash would
 * silently break the determinism contract. A type enters by its name without its package, so a digest does not
 * depend on where a class's file lives.
 */
public final class StructuralHash {
    /** A payload that computes its own stable hash. */
    public interface Digestible {
        long digest();
    }

    /**
     * A record that works out its own structural hash, to the very value the record path gives it (its type's hash,
     * then each component in order, see {@link #recordHash}), without that path's method handles: for the payloads
     * of nearly every event (a flit), whose hash was a tenth of a large model's run. Tests hold each such record
     * to the record path, so a component added and left out of the hand-written hash fails them.
     */
    public interface HandHashed {
        long structuralHash();
    }

    /** The stable hash of one payload class. */
    public interface Hasher {
        long hash(Object o);
    }

    /** A hasher can throw from a record accessor; keep the checked exception out of the hot path's signature. */
    private interface ThrowingHasher {
        long hash(Object o) throws Throwable;
    }

    private static final MethodHandle MIX;

    static {
        try {
            MIX = MethodHandles.lookup().findStatic(Digest.class, "mix",
                    MethodType.methodType(long.class, long.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final ClassValue<Hasher> HASHERS = new ClassValue<>() {
        @Override
        protected Hasher computeValue(Class<?> type) {
            ThrowingHasher h = hasherFor(type);
            return o -> {
                try {
                    return h.hash(o);
                } catch (RuntimeException | Error e) {
                    throw e;
                } catch (Throwable t) {
                    throw new IllegalStateException("cannot hash " + type.getName(), t);
                }
            };
        }
    };

    /** The hasher of a payload class, for callers that hash many payloads of one class. */
    public static Hasher hasherOf(Class<?> type) {
        return HASHERS.get(type);
    }

    private StructuralHash() {
    }

    /** The hash a record's components give it, by the record path even when the record is {@link HandHashed}. */
    public static long recordHash(Record r) {
        try {
            return recordHasher(r.getClass()).hash(r);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("cannot hash " + r.getClass().getName(), t);
        }
    }

    /** The hash a type enters a structural hash with ({@link HandHashed} records start from it). */
    public static long typeHash(Class<?> type) {
        return Digest.of(layoutFreeName(type));
    }

    /** A boolean component's hash, as the record path takes it. */
    public static long ofBoolean(boolean v) {
        return v ? 1231 : 1237;
    }

    public static long of(Object o) {
        if (o == null) {
            return 0x5bd1e995L;
        }
        return HASHERS.get(o.getClass()).hash(o);
    }

    /**
     * The name a type enters the hash under: its binary name without its package ({@code Outer$Inner} for a
     * nested class), so that moving a file to another package changes no digest; arrays by their element's.
     */
    static String layoutFreeName(Class<?> type) {
        if (type.isArray()) {
            Class<?> element = type.getComponentType();
            return element.isPrimitive() ? type.getName()
                    : "[" + (element.isArray() ? layoutFreeName(element) : "L" + layoutFreeName(element) + ";");
        }
        String pkg = type.getPackageName();
        return pkg.isEmpty() ? type.getName() : type.getName().substring(pkg.length() + 1);
    }

    private static ThrowingHasher hasherFor(Class<?> type) {
        long typeHash = typeHash(type);
        if (Digestible.class.isAssignableFrom(type)) {
            return o -> Digest.mix(typeHash, ((Digestible) o).digest());
        }
        if (type.isRecord() && HandHashed.class.isAssignableFrom(type)) {
            return o -> ((HandHashed) o).structuralHash();
        }
        if (type.isRecord()) {
            return recordHasher(type);
        }
        return valueHasher(type, typeHash);
    }

    private static ThrowingHasher recordHasher(Class<?> type) {
        long typeHash = typeHash(type);
        RecordComponent[] parts = type.getRecordComponents();
        if (parts.length == 0) {
            return o -> typeHash;
        }
        // One handle for the whole record, (Object)long, folding each component into the type's hash in order: the
        // JIT compiles it as one piece, where a loop over a handle per component made an indirect call of each.
        MethodHandle all = MethodHandles.dropArguments(MethodHandles.constant(long.class, typeHash), 0, Object.class);
        for (RecordComponent part : parts) {
            MethodHandle step = MethodHandles.filterArguments(MIX, 0, all, componentHasher(type, part));
            all = MethodHandles.permuteArguments(step, MethodType.methodType(long.class, Object.class), 0, 0);
        }
        MethodHandle hasher = all;
        return o -> (long) hasher.invokeExact(o);
    }

    private static ThrowingHasher valueHasher(Class<?> type, long typeHash) {
        if (type == Long.class || type == Integer.class || type == Short.class || type == Byte.class) {
            return o -> ((Number) o).longValue();
        }
        if (type == Double.class) {
            return o -> Double.doubleToLongBits((Double) o);
        }
        if (type == Float.class) {
            return o -> Float.floatToIntBits((Float) o);
        }
        if (type == Boolean.class) {
            return o -> ((Boolean) o) ? 1231 : 1237;
        }
        if (type == Character.class) {
            return o -> (Character) o;
        }
        if (type == String.class) {
            return o -> Digest.of((String) o);
        }
        if (type.isEnum() || (type.getSuperclass() != null && type.getSuperclass().isEnum())) {
            return o -> Digest.mix(typeHash, Digest.of(((Enum<?>) o).name()));
        }
        if (type == byte[].class) {
            return o -> Digest.mix(typeHash, java.util.Arrays.hashCode((byte[]) o));
        }
        if (type == int[].class) {
            return o -> Digest.mix(typeHash, java.util.Arrays.hashCode((int[]) o));
        }
        if (type == long[].class) {
            return o -> Digest.mix(typeHash, java.util.Arrays.hashCode((long[]) o));
        }
        if (type.isArray() && !type.getComponentType().isPrimitive()) {
            return o -> {
                long h = typeHash;
                for (Object e : (Object[]) o) {
                    h = Digest.mix(h, of(e));
                }
                return h;
            };
        }
        if (java.util.List.class.isAssignableFrom(type) || java.util.SortedSet.class.isAssignableFrom(type)) {
            return o -> {
                long h = 0x2545F4914F6CDD1DL;
                for (Object e : (Collection<?>) o) {
                    h = Digest.mix(h, of(e));
                }
                return h;
            };
        }
        if (java.util.SortedMap.class.isAssignableFrom(type)) {
            return o -> {
                long h = 0x3C6EF372FE94F82BL;
                for (Map.Entry<?, ?> e : ((Map<?, ?>) o).entrySet()) {
                    h = Digest.mix(Digest.mix(h, of(e.getKey())), of(e.getValue()));
                }
                return h;
            };
        }
        throw new IllegalArgumentException("message payload " + type.getName() + " has no stable hash: "
                + "make it a record of values, or implement StructuralHash.Digestible");
    }

    /**
     * The hash of one record component as a handle of type {@code (Object)long}: a primitive component is read
     * and hashed without boxing (the per-event digest hashes every payload, and boxing was a sixth of a run's
     * time), to the very value its box hashes to, so no digest depends on which path hashed it.
     */
    private static MethodHandle componentHasher(Class<?> type, RecordComponent part) {
        MethodHandle getter;
        try {
            part.getAccessor().setAccessible(true);
            getter = MethodHandles.lookup().unreflect(part.getAccessor());
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot read record " + type.getName() + ": " + e.getMessage(), e);
        }
        Class<?> t = part.getType();
        Class<?> widened = t == byte.class || t == short.class || t == int.class || t == char.class ? long.class : t;
        String converter = t == double.class ? "ofDouble" : t == float.class ? "ofFloat"
                : t == boolean.class ? "ofBoolean" : t.isPrimitive() ? "ofLong" : "of";
        Class<?> argument = t.isPrimitive() ? widened : Object.class;
        try {
            MethodHandle hash = MethodHandles.lookup().findStatic(StructuralHash.class, converter,
                    MethodType.methodType(long.class, argument));
            return MethodHandles.filterReturnValue(getter.asType(MethodType.methodType(argument, Object.class)), hash);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot hash record " + type.getName() + ": " + e.getMessage(), e);
        }
    }

    private static long ofLong(long v) {
        return v;
    }

    private static long ofDouble(double v) {
        return Double.doubleToLongBits(v);
    }

    private static long ofFloat(float v) {
        return Float.floatToIntBits(v);
    }

}
