package org.nowemu.workloads.results;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import org.nowemu.actors.config.BadInputException;

/**
 * Everything one command writes: an output folder (results.json, report.html, CSVs, plots, trace.json, a sweep's
 * points, a suite's members) and an optional {@code --json} copy. Both targets are checked before anything runs
 * ({@link #plan}); the run writes into a staging folder beside the output folder, and {@link #commit} swaps the
 * staging folder in whole, so the output folder holds exactly one run's files (never an earlier run's CSVs beside
 * a later run's) and a failure at any point leaves the targets as they were. A path that cannot be written is bad
 * input (exit 2) named in one line.
 *
 * <p>An existing output folder is replaced only if it is empty or was written by nowemu (it holds
 * {@value #MARKER}, or results.json, sweep.csv or index.html from an earlier version), so that a mistyped
 * {@code --out} never replaces a folder of the user's.
 */
public final class Outputs implements AutoCloseable {
    /** The file every output folder holds, so a later run knows it may replace the folder. */
    public static final String MARKER = ".nowemu-output";

    private final Path dir;
    private final Path json;
    private final List<Path> createdParents = new ArrayList<>();
    private Path staging;
    private Path jsonTemp;
    private boolean committed;

    private Outputs(Path dir, Path json) {
        this.dir = dir;
        this.json = json;
    }

    /**
     * Checks the output folder and the {@code --json} target (null for none) before the run: nothing is
     * created or changed here.
     *
     * @param home the project root, which an output folder may not hold
     */
    public static Outputs plan(Path out, Path json, Path home) {
        if (out.toString().isEmpty()) {
            throw new BadInputException("--out: an empty path; name a folder");
        }
        Path d = out.toAbsolutePath().normalize();
        if (d.getParent() == null || Path.of("").toAbsolutePath().startsWith(d)
                || home.toAbsolutePath().normalize().startsWith(d)) {
            throw new BadInputException("--out " + out + ": holds the current folder or the project; name a folder"
                    + " of its own (the run replaces it whole)");
        }
        if (Files.isSymbolicLink(d)) {
            throw new BadInputException("--out " + out + ": a symbolic link; name a folder");
        }
        if (Files.exists(d)) {
            if (!Files.isDirectory(d)) {
                throw new BadInputException("--out " + out + ": a file, not a folder");
            }
            if (!replaceable(d)) {
                throw new BadInputException("--out " + out + ": a folder that nowemu did not write (no " + MARKER
                        + " or results.json in it); the run replaces its output folder whole, so name a new or empty one");
            }
        }
        probe(d.getParent(), "--out " + out);
        Path j = null;
        if (json != null) {
            j = checkFile(json, "--json");
            if (j.startsWith(d)) {
                throw new BadInputException("--json " + json + ": inside the output folder " + out
                        + ", which the run replaces whole; name a file elsewhere (" + out + "/results.json holds the"
                        + " results)");
            }
        }
        return new Outputs(d, j);
    }

    /**
     * Checks that {@code file} (named by {@code option} in messages) can be written, its missing folders made:
     * nothing is created or changed. Returns it absolute.
     */
    public static Path checkFile(Path file, String option) {
        if (file.toString().isEmpty()) {
            throw new BadInputException(option + ": an empty path; name a file");
        }
        Path j = file.toAbsolutePath().normalize();
        if (Files.isDirectory(j)) {
            throw new BadInputException(option + " " + file + ": a folder, not a file");
        }
        if (Files.exists(j) && !Files.isWritable(j)) {
            throw new BadInputException(option + " " + file + ": not writable");
        }
        probe(j.getParent(), option + " " + file);
        return j;
    }

    /** Writes one file whole or not at all (a temporary file beside it, then moved), making missing folders. */
    public static void writeFile(Path file, String content) {
        Path j = file.toAbsolutePath().normalize();
        Path tmp = null;
        try {
            Files.createDirectories(j.getParent());
            tmp = Files.createTempFile(j.getParent(), "." + j.getFileName() + ".", ".tmp");
            Files.writeString(tmp, content);
            Files.move(tmp, j, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new BadInputException("cannot write " + file + ": " + describe(e));
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException e) {
                    // the target was never replaced
                }
            }
        }
    }

    private static boolean replaceable(Path d) {
        try (var entries = Files.list(d)) {
            List<String> names = entries.map(p -> p.getFileName().toString()).toList();
            return names.isEmpty() || names.contains(MARKER) || names.contains("results.json")
                    || names.contains("sweep.csv") || names.contains("index.html");
        } catch (IOException e) {
            throw new BadInputException("--out " + d + ": cannot read it (" + describe(e) + ")");
        }
    }

    /** Checks that files can be made in {@code dir}, or in its nearest existing ancestor if it is missing. */
    private static void probe(Path dir, String what) {
        Path p = dir;
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null || !Files.isDirectory(p)) {
            throw new BadInputException(what + ": " + p + " is a file, not a folder");
        }
        try {
            // Permissions alone do not tell (root ignores them, /proc refuses anyway): try it.
            Files.delete(Files.createTempFile(p, ".nowemu-", ".probe"));
        } catch (IOException | RuntimeException e) {
            throw new BadInputException(what + ": cannot create files in " + p + " (" + describe(e) + ")");
        }
    }

    /** The output folder as it will be once committed. */
    public Path dir() {
        return dir;
    }

    /** Creates the staging folder beside the output folder (and any missing parents): the run writes into it. */
    public void open() {
        try {
            Path parent = dir.getParent();
            List<Path> missing = new ArrayList<>();
            for (Path p = parent; p != null && !Files.exists(p); p = p.getParent()) {
                missing.add(0, p);
            }
            for (Path p : missing) {
                Files.createDirectory(p);
                createdParents.add(0, p);
            }
            staging = Files.createTempDirectory(parent, "." + dir.getFileName() + ".staging-");
            // A temporary folder is private (rwx------); the output folder it becomes is an ordinary one.
            if (Files.getFileStore(staging).supportsFileAttributeView("posix")) {
                Files.setPosixFilePermissions(staging, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
            }
            Files.writeString(staging.resolve(MARKER), "written by nowemu; a run replaces this folder whole\n");
        } catch (IOException e) {
            throw new BadInputException("cannot write into " + dir.getParent() + ": " + describe(e));
        }
    }

    /** Where to write {@code relative} (a path inside the output folder); its folders are made. */
    public Path file(String relative) {
        if (staging == null) {
            throw new IllegalStateException("open() first");
        }
        Path f = staging.resolve(relative).normalize();
        if (!f.startsWith(staging)) {
            throw new IllegalArgumentException("outside the output folder: " + relative);
        }
        try {
            Files.createDirectories(f.getParent());
        } catch (IOException e) {
            throw new BadInputException("cannot write " + dir.resolve(relative) + ": " + describe(e));
        }
        return f;
    }

    public void writeString(String relative, String content) {
        write(relative, content.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    public void write(String relative, byte[] content) {
        try {
            Files.write(file(relative), content);
        } catch (IOException e) {
            throw new BadInputException("cannot write " + dir.resolve(relative) + ": " + describe(e));
        }
    }

    /**
     * Puts everything in place: the {@code --json} copy (with {@code jsonContent}) and the output folder, which
     * replaces the earlier one whole. If the swap fails, the earlier folder is put back.
     */
    public void commit(String jsonContent) {
        try {
            if (json != null) {
                Files.createDirectories(json.getParent());
                jsonTemp = Files.createTempFile(json.getParent(), "." + json.getFileName() + ".", ".tmp");
                Files.writeString(jsonTemp, jsonContent);
            }
            Path old = null;
            if (Files.exists(dir)) {
                old = dir.resolveSibling("." + dir.getFileName() + ".old-" + staging.getFileName());
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
                deleteTree(old);
            }
        } catch (IOException e) {
            throw new BadInputException("cannot write " + (committed ? json : dir) + ": " + describe(e));
        }
    }

    /** Removes whatever was not committed: the staging folder, the temporary JSON, parents made for them. */
    @Override
    public void close() {
        try {
            if (jsonTemp != null) {
                Files.deleteIfExists(jsonTemp);
            }
            if (!committed && staging != null) {
                deleteTree(staging);
                for (Path p : createdParents) {
                    try (var entries = Files.list(p)) {
                        if (entries.findAny().isPresent()) {
                            break;
                        }
                    }
                    Files.delete(p);
                }
            }
        } catch (IOException e) {
            // nothing more to do: the targets were never replaced
        }
    }

    private static void deleteTree(Path root) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    static String describe(Exception e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m != null ? " (" + m + ")" : "");
    }
}
