package org.nowemu.workloads.cli;

import com.typesafe.config.ConfigUtil;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.nowemu.actors.cluster.ClusterSettings;
import org.nowemu.actors.runtime.EmulationException;

/**
 * The extra JVMs of {@code nowemu run --jvms N}: each runs {@code nowemu node} on 127.0.0.1 with the same class
 * path, JVM options, project home and cluster name, transport and TLS settings, joined to the submitting JVM.
 * They are stopped when the run ends, when it fails, and on Ctrl-C (a shutdown hook); each also exits by
 * itself when its standard input closes, which happens when this JVM dies in any way, so none is left behind.
 */
final class LocalJvms implements AutoCloseable {
    private final List<Process> children = new ArrayList<>();
    private final Thread hook = new Thread(this::destroyAll, "nowemu-stop-jvms");
    /** The first member JVM to end, as soon as its process has ended and its stderr is read to the end. */
    private final CompletableFuture<Exit> firstExit = new CompletableFuture<>();

    /**
     * A member JVM that ended: its number (1..N-1), process id, exit status and last line of stderr (null if
     * it wrote none).
     */
    record Exit(int index, long pid, int status, String lastLine) {
        /** One line, e.g. {@code member JVM 1 (pid 4242) exited with status 137 (signal 9) before joining}. */
        String describe(String when) {
            // A process killed by a signal exits, as Java sees it, with 128 + the signal's number.
            return "member JVM " + index + " (pid " + pid + ") exited with status " + status
                    + (status > 128 && status < 160 ? " (signal " + (status - 128) + ")" : "") + " " + when
                    + (lastLine == null ? "" : " (its last line: " + lastLine.strip() + ")");
        }
    }

    private LocalJvms() {
    }

    /** The environment variable that hands the TLS password to the member JVMs (not their command line). */
    static final String PASSWORD_VARIABLE = "NOWEMU_CLUSTER_TLS_PASSWORD";

    /**
     * Starts {@code n} member JVMs joining {@code seed} (host:port) with this JVM's cluster name, transport and
     * TLS stores ({@code cs}; a {@code --set} of this JVM is not theirs otherwise), and the further overrides
     * {@code sets} ({@code key=value}). The password goes through the
     * environment, which other users cannot read, unlike a command line. Their stderr is kept (the last lines of
     * each) for {@link #printLog}: shown when a run fails, not on success.
     */
    static LocalJvms start(int n, String seed, ClusterSettings cs, List<String> sets) {
        LocalJvms jvms = new LocalJvms();
        Runtime.getRuntime().addShutdownHook(jvms.hook);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // Under surefire the JVM's own class path is only the booter jar; the test class path is the real one.
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // Keep memory and system properties; leave out agents and debugger settings of the parent.
            if (a.startsWith("-X") || (a.startsWith("-D") && !a.startsWith("-Djdk.internal"))) {
                cmd.add(a);
            }
        }
        // As the jar's manifest gives `java -jar`: Aeron's media driver (aeron-udp) reaches into the selector.
        cmd.add("--add-opens");
        cmd.add("java.base/sun.nio.ch=ALL-UNNAMED");
        cmd.add("-Dnowemu.home=" + Main.home().toAbsolutePath());
        cmd.add("-cp");
        cmd.add(cp);
        cmd.add(Main.class.getName());
        cmd.add("node");
        cmd.add("--seed-nodes");
        cmd.add(seed);
        cmd.add("--exit-on-stdin-eof");
        for (String set : sets) {
            cmd.add("--set");
            cmd.add(set);
        }
        cmd.add("--set");
        cmd.add("nowemu.cluster.name=" + cs.name());
        cmd.add("--set");
        cmd.add("nowemu.cluster.transport=" + cs.transport());
        if (cs.transport().equals("tls-tcp")) {
            cmd.add("--set");
            cmd.add("nowemu.cluster.tls.key-store=" + ConfigUtil.quoteString(cs.keyStore()));
            cmd.add("--set");
            cmd.add("nowemu.cluster.tls.trust-store=" + ConfigUtil.quoteString(cs.trustStore()));
            cmd.add("--set");
            cmd.add("nowemu.cluster.tls.password=${" + PASSWORD_VARIABLE + "}");
        }
        for (int i = 0; i < n; i++) {
            try {
                ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD);
                if (cs.transport().equals("tls-tcp")) {
                    pb.environment().put(PASSWORD_VARIABLE, cs.storePassword());
                }
                Process p = pb.start();
                jvms.children.add(p);
                int index = i + 1;
                CompletableFuture<String> lastLine = new CompletableFuture<>();
                Thread t = new Thread(() -> lastLine.complete(jvms.keep(p, "jvm " + index)),
                        "nowemu-jvm-" + index + "-stderr");
                t.setDaemon(true);
                t.start();
                p.onExit().thenCombine(lastLine, (ended, last) -> new Exit(index, ended.pid(), ended.exitValue(), last))
                        .thenAccept(jvms.firstExit::complete);
            } catch (IOException e) {
                jvms.close();
                throw new EmulationException("cannot start a member JVM: " + e.getMessage());
            }
        }
        return jvms;
    }

    private static final int KEPT_LINES = 40;
    private final java.util.ArrayDeque<String> log = new java.util.ArrayDeque<>();

    /** Keeps {@code p}'s stderr until it ends; returns its last non-blank line (null if none). */
    private String keep(Process p, String who) {
        String last = null;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (!line.isBlank()) {
                    last = line;
                }
                synchronized (log) {
                    log.add("[" + who + "] " + line);
                    if (log.size() > KEPT_LINES) {
                        log.poll();
                    }
                }
            }
        } catch (IOException e) {
            // the child is gone
        }
        return last;
    }

    /**
     * Completes when the first member JVM ends (seen at once: its process ended), whether it died, failed or
     * was stopped by {@link #close}.
     */
    CompletableFuture<Exit> firstExit() {
        return firstExit;
    }

    /** The members' last lines of stderr. */
    void printLog(PrintWriter err) {
        synchronized (log) {
            log.forEach(err::println);
        }
    }

    /** The started processes (a test kills one to see the run stop). */
    List<Process> processes() {
        return children;
    }

    private void destroyAll() {
        for (Process p : children) {
            p.destroy();
        }
        for (Process p : children) {
            try {
                if (!p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                    // SIGTERM waits while a member is stopped (SIGSTOP) or its JVM hangs; SIGKILL does not.
                    p.destroyForcibly().waitFor(5, java.util.concurrent.TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void close() {
        destroyAll();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // already shutting down: the hook runs anyway
        }
    }
}
