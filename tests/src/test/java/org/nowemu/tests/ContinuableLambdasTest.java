package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.nowemu.protocol.am.AmProgram;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The rule that keeps host programs working as continuations (README, "Writing a host program"): no lambda or
 * method reference may make an instance of an interface whose method is marked {@code @continuable} (a program, a
 * handler, an upcall), because the class the JVM makes for it at run time is never rewritten, and resuming through
 * it fails. A run finds such a lambda only if a wait happens beneath it; this reads every main class of the build
 * and this module's tests (the other modules' tests are not on its class path).
 */
class ContinuableLambdasTest {
    private static final String CONTINUABLE = "Lorg/apache/commons/javaflow/api/continuable;";
    private static final String METAFACTORY = "java/lang/invoke/LambdaMetafactory";

    /** A deliberate offender, read on its own to show that the scan finds one. */
    static final class Offender {
        static final AmProgram PROGRAM = am -> am.computeFor(1);
    }

    @Test
    void noLambdaMakesAProgramOrHandler() {
        List<byte[]> classes = ourClasses();
        TreeSet<String> marked = new TreeSet<>();
        for (byte[] c : classes) {
            markedMethods(c, marked);
        }
        assertTrue(marked.contains("org/nowemu/protocol/am/AmProgram.run"), "the scan saw the marked interfaces");
        assertTrue(marked.contains("org/nowemu/protocol/am/Handler.handle"), "the scan saw the marked interfaces");
        TreeSet<String> offenders = new TreeSet<>();
        for (byte[] c : classes) {
            if (!new ClassReader(c).getClassName().equals(Type.getInternalName(Offender.class))) {
                lambdasOfMarked(c, marked, offenders);
            }
        }
        assertEquals(new TreeSet<String>(), offenders, "lambdas that make a continuable interface");
        TreeSet<String> planted = new TreeSet<>();
        lambdasOfMarked(bytesOf(Offender.class), marked, planted);
        assertEquals(1, planted.size(), "the planted lambda is found: " + planted);
    }

    /** Adds {@code owner.method} for each method of the class marked {@code @continuable}. */
    private static void markedMethods(byte[] bytes, TreeSet<String> marked) {
        new ClassReader(bytes).accept(new EachMethod() {
            @Override
            MethodVisitor method(String name) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
                        if (CONTINUABLE.equals(annotation)) {
                            marked.add(owner + "." + name);
                        }
                        return null;
                    }
                };
            }
        }, ClassReader.SKIP_CODE);
    }

    /** Adds each lambda or method reference of the class that makes an instance of a marked interface method. */
    private static void lambdasOfMarked(byte[] bytes, TreeSet<String> marked, TreeSet<String> offenders) {
        new ClassReader(bytes).accept(new EachMethod() {
            @Override
            MethodVisitor method(String method) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitInvokeDynamicInsn(String sam, String indy, Handle bsm, Object... args) {
                        String iface = Type.getReturnType(indy).getInternalName();
                        if (METAFACTORY.equals(bsm.getOwner()) && marked.contains(iface + "." + sam)) {
                            offenders.add(owner + "." + method + " makes " + iface + "." + sam);
                        }
                    }
                };
            }
        }, 0);
    }

    /** The classes of nowemu on the test class path: the modules' class folders or jars. */
    private static List<byte[]> ourClasses() {
        List<byte[]> out = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry);
            if (Files.isDirectory(p)) {
                readTree(p, out::add);
            } else if (p.getFileName().toString().startsWith("nowemu-") && entry.endsWith(".jar")) {
                readJar(p, out::add);
            }
        }
        return out;
    }

    private static void readTree(Path root, Consumer<byte[]> sink) {
        Path ours = root.resolve("org/nowemu");
        if (!Files.isDirectory(ours)) {
            return;
        }
        try (Stream<Path> files = Files.walk(ours)) {
            files.filter(f -> f.toString().endsWith(".class")).sorted().forEach(f -> {
                try {
                    sink.accept(Files.readAllBytes(f));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void readJar(Path jar, Consumer<byte[]> sink) {
        try (JarFile j = new JarFile(jar.toFile())) {
            j.stream().filter(e -> e.getName().startsWith("org/nowemu/") && e.getName().endsWith(".class"))
                    .forEach(e -> {
                        try (InputStream in = j.getInputStream(e)) {
                            sink.accept(in.readAllBytes());
                        } catch (IOException x) {
                            throw new UncheckedIOException(x);
                        }
                    });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] bytesOf(Class<?> c) {
        try (InputStream in = c.getResourceAsStream("/" + Type.getInternalName(c) + ".class")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A class visitor that knows the class it reads and asks {@link #method} for a visitor of each method. */
    private abstract static class EachMethod extends ClassVisitor {
        String owner;

        EachMethod() {
            super(Opcodes.ASM9);
        }

        @Override
        public void visit(int v, int access, String name, String sig, String sup, String[] ifaces) {
            owner = name;
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
            return method(name);
        }

        abstract MethodVisitor method(String name);
    }
}
