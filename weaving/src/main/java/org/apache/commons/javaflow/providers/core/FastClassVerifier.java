package org.apache.commons.javaflow.providers.core;

import net.tascalate.asmx.Type;
import net.tascalate.asmx.plus.ClassHierarchy;
import net.tascalate.asmx.tree.analysis.BasicValue;
import net.tascalate.asmx.tree.analysis.SimpleVerifier;

/**
 * Takes the place of javaflow's own class of this name on the weaving plugin's class path (this jar comes first
 * there): the verifier the weaver runs over each rewritten method to learn the type in every local and stack slot.
 * Javaflow 2.7.6's compares two array types by their innermost element types through the class hierarchy, so an
 * array of a primitive type makes it look for a class named after the primitive ({@code B.class} for a byte
 * array): any byte or boolean array element access, or a {@code long[][]} element, in a rewritten method fails the
 * build. This one applies Java's rules to arrays (same dimension and element type for primitive elements;
 * element-wise for references; an array is an {@code Object}, {@code Cloneable} and {@code Serializable}) and
 * leaves class and interface types to the hierarchy as before.
 */
class FastClassVerifier extends SimpleVerifier {
    private static final Type OBJECT = Type.getObjectType("java/lang/Object");
    private static final Type CLONEABLE = Type.getObjectType("java/lang/Cloneable");
    private static final Type SERIALIZABLE = Type.getObjectType("java/io/Serializable");
    private static final String NULL = "Lnull;";

    private final ClassHierarchy classHierarchy;

    FastClassVerifier(int api, ClassHierarchy classHierarchy) {
        super(api, null, null, null, false);
        this.classHierarchy = classHierarchy;
    }

    @Override
    protected boolean isAssignableFrom(Type t, Type u) {
        if (t.equals(u)) {
            return true;
        }
        if (NULL.equals(u.getDescriptor())) {
            return t.getSort() >= Type.ARRAY;
        }
        if (u.getSort() == Type.ARRAY) {
            if (t.getSort() != Type.ARRAY) {
                return t.equals(OBJECT) || t.equals(CLONEABLE) || t.equals(SERIALIZABLE);
            }
            Type te = componentOf(t);
            Type ue = componentOf(u);
            if (te.getSort() < Type.ARRAY || ue.getSort() < Type.ARRAY) {
                return te.equals(ue);
            }
            return isAssignableFrom(te, ue);
        }
        if (t.getSort() == Type.ARRAY) {
            return false;
        }
        // isAssignableFrom(Number, Integer): the common super type of Integer and Number is Number.
        return classHierarchy.getCommonSuperType(u, t).equals(t);
    }

    /**
     * The verifier's checks of what an instruction takes. The code is javac's, verified by the JVM when it loads,
     * and what the weaver needs from this analysis is the frames, which {@link #merge} computes; so a reference
     * passes for any reference (an interface is not resolved, as the JVM's own verifier does not), and a primitive
     * must be that primitive.
     */
    @Override
    protected boolean isSubTypeOf(BasicValue value, BasicValue expected) {
        Type e = expected.getType();
        Type v = value.getType();
        if (isReference(e)) {
            return isReference(v);
        }
        return e.equals(v);
    }

    @Override
    public BasicValue merge(BasicValue v, BasicValue w) {
        if (v.equals(w)) {
            return v;
        }
        Type t = v.getType();
        Type u = w.getType();
        if (!isReference(t) || !isReference(u)) {
            return BasicValue.UNINITIALIZED_VALUE;
        }
        if (NULL.equals(t.getDescriptor())) {
            return w;
        }
        if (NULL.equals(u.getDescriptor())) {
            return v;
        }
        if (isAssignableFrom(t, u)) {
            return v;
        }
        if (isAssignableFrom(u, t)) {
            return w;
        }
        if (t.getSort() == Type.ARRAY || u.getSort() == Type.ARRAY) {
            return new BasicValue(OBJECT);
        }
        return new BasicValue(classHierarchy.getCommonSuperType(t, u));
    }

    @Override
    protected Class<?> getClass(Type t) {
        throw new UnsupportedOperationException("the weaver resolves types through its class hierarchy");
    }

    @Override
    protected boolean isInterface(Type t) {
        throw new UnsupportedOperationException("the weaver resolves types through its class hierarchy");
    }

    @Override
    protected Type getSuperClass(Type t) {
        throw new UnsupportedOperationException("the weaver resolves types through its class hierarchy");
    }

    private static boolean isReference(Type t) {
        return t != null && (t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY);
    }

    /** The type of an array's elements, one dimension down ({@code int[]} for {@code int[][]}). */
    private static Type componentOf(Type array) {
        return Type.getType(array.getDescriptor().substring(1));
    }
}
