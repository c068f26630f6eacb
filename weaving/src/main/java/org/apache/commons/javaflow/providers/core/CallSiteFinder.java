package org.apache.commons.javaflow.providers.core;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.tascalate.asmx.tree.AbstractInsnNode;
import net.tascalate.asmx.tree.AnnotationNode;
import net.tascalate.asmx.tree.InsnList;
import net.tascalate.asmx.tree.LocalVariableAnnotationNode;
import net.tascalate.asmx.tree.MethodInsnNode;

/**
 * Takes the place of javaflow's own class of this name on the weaving plugin's class path (this jar comes first
 * there). Javaflow's looks for calls marked {@code @ccs} (a continuable call site on a variable) by walking the
 * operand stack backwards, and in every released version up to 2.8.5 it reckons an invocation's effect on the
 * stack wrongly (from {@code Type.getArgumentsAndReturnSizes} halved), so the walk fails with a bare
 * {@code RuntimeException} on ordinary code, such as a long loaded just before a call. Upstream fixed the
 * reckoning after 2.8.5, unreleased. nowemu marks methods, never call sites, so this finder finds none: every
 * suspending call is to a method marked {@code @continuable} (or overriding one), which the weaver handles apart.
 */
class CallSiteFinder {
    /** A call site marked {@code @ccs}: the shape javaflow's method rewriter reads. */
    static final class Result {
        final AbstractInsnNode callSite;
        final MethodInsnNode methodCall;
        final Set<String> annotations;

        Result(AbstractInsnNode callSite, MethodInsnNode methodCall, Set<String> annotations) {
            this.callSite = callSite;
            this.methodCall = methodCall;
            this.annotations = annotations;
        }
    }

    List<Result> findMatchingCallSites(InsnList instructions, List<LocalVariableAnnotationNode> varAnnotations,
                                       Map<Integer, List<AnnotationNode>> paramAnnotations) {
        return Collections.emptyList();
    }

    @SuppressWarnings("unchecked")
    static List<LocalVariableAnnotationNode> annotationsList(List<?> v) {
        return v == null ? Collections.emptyList() : (List<LocalVariableAnnotationNode>) v;
    }

    static Map<Integer, List<AnnotationNode>> annotationsList(List<?>[] v) {
        return Collections.emptyMap();
    }
}
