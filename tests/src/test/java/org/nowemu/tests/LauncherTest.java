package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code nowemu} launcher rebuilds the jar only when what goes into it changed: a pom, or a module's sources
 * and resources under {@code src/main}. A user's own .conf files, experiment files, tests and outputs in the
 * project folder do not make it stale. It starts the JVM with the throughput collector unless
 * {@code NOWEMU_JAVA_OPTS} names one. The real script runs here on a project of empty files, with {@code mvn} and
 * {@code java} replaced by scripts that only note they were called and with what.
 */
class LauncherTest {
    /** File times in the past, in this order: sources written, the jar built, a file edited since. */
    private static final long DAY_MS = 86_400_000L;
    private static final FileTime BEFORE = FileTime.fromMillis(System.currentTimeMillis() - 20 * DAY_MS);
    private static final FileTime BUILT = FileTime.fromMillis(System.currentTimeMillis() - 10 * DAY_MS);
    private static final FileTime AFTER = FileTime.fromMillis(System.currentTimeMillis() - 5 * DAY_MS);

    @TempDir
    Path tmp;
    private Path root;
    private Path log;

    private Path file(String relative, FileTime time) throws IOException {
        Path f = root.resolve(relative);
        Files.createDirectories(f.getParent());
        if (!Files.exists(f)) {
            Files.writeString(f, "");
        }
        Files.setLastModifiedTime(f, time);
        return f;
    }

    private void tool(Path bin, String name) throws IOException {
        Path t = Files.writeString(bin.resolve(name), "#!/bin/sh\necho " + name + " >> '" + log + "'\necho \"$@\" > '"
                + tmp.resolve(name + ".args") + "'\n");
        Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @BeforeEach
    void project() throws IOException {
        root = Files.createDirectories(tmp.resolve("project"));
        log = tmp.resolve("calls");
        Path launcher = Files.copy(Path.of("..", "nowemu"), root.resolve("nowemu"));
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        tool(bin, "mvn");
        tool(bin, "java");
        file("pom.xml", BEFORE);
        file("actors/pom.xml", BEFORE);
        file("actors/src/main/java/org/nowemu/A.java", BEFORE);
        file("actors/src/main/resources/reference.conf", BEFORE);
        file("workloads/src/main/resources-filtered/nowemu-version.properties", BEFORE);
        file("workloads/target/nowemu-workloads-0.1.0-all.jar", BUILT);
    }

    /** Runs the launcher; returns the tools it called, in order. */
    private List<String> launch() throws IOException, InterruptedException {
        return launch(null);
    }

    /** Runs the launcher with {@code NOWEMU_JAVA_OPTS} set to {@code javaOpts} (null: unset). */
    private List<String> launch(String javaOpts) throws IOException, InterruptedException {
        Files.deleteIfExists(log);
        ProcessBuilder pb = new ProcessBuilder(root.resolve("nowemu").toString(), "list").redirectErrorStream(true)
                .redirectOutput(tmp.resolve("output").toFile());
        pb.environment().put("PATH", tmp.resolve("bin") + ":" + System.getenv("PATH"));
        pb.environment().remove("NOWEMU_JAVA_OPTS");
        if (javaOpts != null) {
            pb.environment().put("NOWEMU_JAVA_OPTS", javaOpts);
        }
        Process p = pb.start();
        assertEquals(true, p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), Files.readString(tmp.resolve("output")));
        return Files.readAllLines(log);
    }

    @Test
    void aUsersConfFilesTestsAndOutputsLeaveTheJarAsItIs() throws Exception {
        file("perm6.conf", AFTER);
        file("experiments/mine.conf", AFTER);
        file("workloads/perm6.conf", AFTER);
        file("application.conf", AFTER);
        file("actors/src/test/java/org/nowemu/ATest.java", AFTER);
        file("out/perm6/results.json", AFTER);
        file("tests/logback-test.xml", AFTER);
        file("actors/src/main/java/org/nowemu/.A.java.swp", AFTER); // an editor's, while A.java is open
        assertEquals(List.of("java"), launch());
    }

    @Test
    void aSourceAResourceOrAPomMakesItStale() throws Exception {
        for (String changed : List.of("actors/src/main/java/org/nowemu/A.java",
                "actors/src/main/resources/reference.conf", "workloads/src/main/resources-filtered/nowemu-version.properties",
                "actors/pom.xml", "pom.xml")) {
            file(changed, AFTER);
            assertEquals(List.of("mvn", "java"), launch(), changed);
            // The launcher marks the jar built now: the next run goes straight to java.
            assertEquals(List.of("java"), launch(), changed);
            file(changed, BEFORE);
            Files.setLastModifiedTime(root.resolve("workloads/target/nowemu-workloads-0.1.0-all.jar"), BUILT);
        }
    }

    /** The options the launcher gave java, up to the project's home property. */
    private String javaOptions(String javaOpts) throws IOException, InterruptedException {
        assertEquals(List.of("java"), launch(javaOpts));
        String args = Files.readString(tmp.resolve("java.args")).trim();
        return args.substring(0, args.indexOf("-Dnowemu.home=")).trim();
    }

    @Test
    void theJvmGetsTheThroughputCollectorUnlessTheUserNamesOne() throws Exception {
        assertEquals("-XX:+UseParallelGC", javaOptions(null));
        assertEquals("-XX:+UseParallelGC -Xmx2g", javaOptions("-Xmx2g"));
        // A collector of the user's own replaces the default (two would stop the JVM at start).
        assertEquals("-Xmx1g -XX:+UseG1GC", javaOptions("-Xmx1g -XX:+UseG1GC"));
        assertEquals("-XX:+UseZGC", javaOptions("-XX:+UseZGC"));
        // An option that only looks alike does not.
        assertEquals("-XX:+UseParallelGC -XX:+UseCompressedOops", javaOptions("-XX:+UseCompressedOops"));
    }
}
