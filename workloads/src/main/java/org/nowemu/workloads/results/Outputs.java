package org.nowemu.workloads.results;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.ArrayList;
import java.util.List;
import org.nowemu.actors.config.BadInputException;

/**
 * Everything one command writes: an output folder (results.json, report.html, CSVs, plots, trace.json, a sweep's
 * points, a suite's members) and an optional {@code --json} copy (a file, or standard output for {@code -}). Both
 * targets are checked before anything runs ({@link #plan}, by the policy of {@link OutputTargets}); the run writes
 * into a staging folder beside the output folder, and {@link #commit} swaps the staging folder in whole, so the
 * output folder holds exactly one run's files (never an earlier run's CSVs beside a later run's) and a failure at
 * any point leaves the targets as they were.
 *
 * <p>Files and folders are made with the user's umask; a file replaced keeps its permissions. Whatever is staged
 * is removed when the command ends without committing, also on SIGINT or SIGTERM (a shutdown hook); a process
 * killed outright leaves it, and the next command writing beside it removes it ({@link Staging}).
 */
public final class Outputs implements AutoCloseable {
    /** The file every output folder holds, so a later run knows it may replace the folder. */
    public static final String MARKER = OutputManifest.MARKER;

    private final Path dir;
    private final Path json;
    private final List<Path> createdParents = new ArrayList<>();
    private final Thread hook = new Thread(this::abandon, "nowemu-outputs-cleanup");
    private Path staging;
    private Path jsonTemp;
    private boolean committed;
    private boolean abandoned;

    private Outputs(Path dir, Path json) {
        this.dir = dir;
        this.json = json;
    }

    /**
     * Checks the output folder and the {@code --json} target (null for none, {@code -} for standard output)
     * before the run: nothing is created or changed here.
     *
     * @param home the project root, which an output folder may not hold
     */
    public static Outputs plan(Path out, Path json, Path home) {
        Path d = OutputTargets.folder(out, home);
        Path j = null;
        if (json != null) {
            j = OutputTargets.file(json, "--json", OutputTargets.JSON);
            if (!OutputTargets.isStdout(j) && j.startsWith(d)) {
                throw new BadInputException("--json " + json + ": inside the output folder " + out
                        + ", which the run replaces whole; name a file elsewhere (" + out + "/results.json holds the"
                        + " results)");
            }
        }
        return new Outputs(d, j);
    }

    /** Whether {@code --json -} sends the JSON to standard output (so the terminal text goes elsewhere). */
    public boolean jsonToStdout() {
        return OutputTargets.isStdout(json);
    }

    /**
     * Writes one file whole or not at all, under the policy of {@link OutputTargets} ({@code owner} says which
     * existing file is nowemu's): a staged file beside it, then moved over it. {@code -} prints to {@code stdout}.
     */
    public static void writeFile(Path file, String option, OutputTargets.Owner owner, String content,
                                 PrintWriter stdout) {
        Path j = OutputTargets.file(file, option, owner);
        if (OutputTargets.isStdout(j)) {
            stdout.print(content);
            stdout.flush();
            return;
        }
        Thread cleanup = null;
        Path tmp = Staging.beside(j, "staging");
        try {
            Files.createDirectories(j.getParent());
            Staging.removeStale(j.getParent());
            cleanup = new Thread(() -> deleteQuietly(tmp), "nowemu-file-cleanup");
            Runtime.getRuntime().addShutdownHook(cleanup);
            stage(tmp, content, j);
            OutputTargets.file(file, option, owner); // again: the target may have changed during the run
            Files.move(tmp, j, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new BadInputException("cannot write " + file + ": " + OutputTargets.describe(e));
        } finally {
            deleteQuietly(tmp);
            removeHook(cleanup);
        }
    }

    /** The output folder as it will be once committed. */
    public Path dir() {
        return dir;
    }

    /** Creates the staging folder beside the output folder (and any missing parents): the run writes into it. */
    public synchronized void open() {
        try {
            Path parent = dir.getParent();
            List<Path> missing = new ArrayList<>();
            for (Path p = parent; p != null && !Files.exists(p); p = p.getParent()) {
                missing.add(0, p);
            }
            Runtime.getRuntime().addShutdownHook(hook);
            for (Path p : missing) {
                Files.createDirectory(p);
                createdParents.add(0, p);
            }
            Staging.removeStale(parent);
            if (json != null && !jsonToStdout() && Files.isDirectory(json.getParent())) {
                Staging.removeStale(json.getParent());
            }
            // Made with the user's umask, as the output folder it becomes: an ordinary folder.
            staging = Files.createDirectory(Staging.beside(dir, "staging"));
        } catch (IOException e) {
            throw new BadInputException("cannot write into " + dir.getParent() + ": " + OutputTargets.describe(e));
        }
    }

    /** Where to write {@code relative} (a path inside the output folder); its folders are made. */
    public synchronized Path file(String relative) {
        if (staging == null || abandoned) {
            throw new IllegalStateException(abandoned ? "the command is ending" : "open() first");
        }
        Path f = staging.resolve(relative).normalize();
        if (!f.startsWith(staging) || f.equals(staging)) {
            throw new IllegalArgumentException("outside the output folder: " + relative);
        }
        try {
            Files.createDirectories(f.getParent());
        } catch (IOException e) {
            throw new BadInputException("cannot write " + dir.resolve(relative) + ": " + OutputTargets.describe(e));
        }
        return f;
    }

    public void writeString(String relative, String content) {
        write(relative, content.getBytes(StandardCharsets.UTF_8));
    }

    public void write(String relative, byte[] content) {
        try {
            Files.write(file(relative), content);
        } catch (IOException e) {
            throw new BadInputException("cannot write " + dir.resolve(relative) + ": " + OutputTargets.describe(e));
        }
    }

    /**
     * Puts everything in place: the output folder, which replaces the earlier one whole (put back if the swap
     * fails), and the {@code --json} copy with {@code jsonContent} ({@code stdout} for {@code -}). Both targets
     * are checked again first, in case something took their place during the run.
     */
    public synchronized void commit(String jsonContent, PrintWriter stdout) {
        if (abandoned) {
            throw new IllegalStateException("the command is ending");
        }
        try {
            OutputTargets.folder(dir, Path.of("/"));
            if (json != null && !jsonToStdout()) {
                OutputTargets.file(json, "--json", OutputTargets.JSON);
                Files.createDirectories(json.getParent());
                jsonTemp = Staging.beside(json, "staging");
                stage(jsonTemp, jsonContent, json);
            }
            OutputManifest.write(staging);
            Path old = null;
            if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                old = Staging.beside(dir, "old");
                Files.move(dir, old, StandardCopyOption.ATOMIC_MOVE);
            }
            try {
                Files.move(staging, dir, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                if (old != null) {
                    Files.move(old, dir, StandardCopyOption.ATOMIC_MOVE);
                }
                throw e;
            }
            committed = true;
            if (jsonTemp != null) {
                Files.move(jsonTemp, json, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                jsonTemp = null;
            }
            if (old != null) {
                Staging.deleteTree(old);
            }
        } catch (IOException e) {
            throw new BadInputException("cannot write " + (committed ? json : dir) + ": " + OutputTargets.describe(e));
        }
        if (jsonToStdout()) {
            stdout.print(jsonContent);
            stdout.flush();
        }
    }

    /** Removes whatever was not committed: the staging folder, the staged JSON, parents made for them. */
    @Override
    public void close() {
        abandon();
        removeHook(hook);
    }

    /** What close does, and what the shutdown hook does when the command is interrupted. */
    private synchronized void abandon() {
        if (abandoned) {
            return;
        }
        abandoned = true;
        deleteQuietly(jsonTemp);
        if (!committed && staging != null) {
            deleteQuietly(staging);
            for (Path p : createdParents) {
                try (var entries = Files.list(p)) {
                    if (entries.findAny().isPresent()) {
                        break;
                    }
                    Files.delete(p);
                } catch (IOException e) {
                    break;
                }
            }
        }
    }

    /**
     * Writes {@code content} into the new file {@code tmp}, made with the user's umask, or with the permissions of
     * {@code target} if it exists (the file it will replace).
     */
    private static void stage(Path tmp, String content, Path target) throws IOException {
        try (OutputStream o = Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            o.write(content.getBytes(StandardCharsets.UTF_8));
        }
        PosixFileAttributeView view = Files.getFileAttributeView(target, PosixFileAttributeView.class,
                LinkOption.NOFOLLOW_LINKS);
        if (view != null && Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
            Files.setPosixFilePermissions(tmp, view.readAttributes().permissions());
        }
    }

    /** Deletes {@code p} (a file or a folder with everything in it) a few times over: a writer may still add to it. */
    private static void deleteQuietly(Path p) {
        if (p == null) {
            return;
        }
        for (int attempt = 0; attempt < 5; attempt++) {
            try {
                Staging.deleteTree(p);
                return;
            } catch (IOException e) {
                // a file appeared while the folder was emptied: go again
            }
        }
    }

    private static void removeHook(Thread hook) {
        if (hook == null) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook is running or has run
        }
    }
}
