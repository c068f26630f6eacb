package org.nowemu.workloads.results;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The hidden entries a command makes beside its targets while it writes them: {@code .NAME.staging-P-S-N} (the
 * output folder or file being written) and {@code .NAME.old-P-S-N} (the earlier output folder, moved aside for
 * the instant of the swap), where P is the process id, S its start time in ms and N a counter. The owner in the
 * name lets a later run tell a leftover from a live run's: an entry whose process is gone (or whose process id
 * now belongs to a process started at another time) is stale. A stale staging entry is removed; a stale old
 * folder is put back where it came from if nothing took its place (the process died between the two renames of a
 * swap), else removed.
 */
final class Staging {
    private static final long PID = ProcessHandle.current().pid();
    private static final long START = ProcessHandle.current().info().startInstant().map(Instant::toEpochMilli)
            .orElse(0L);
    /** Two readings of one process's start time may differ by rounding: closer than this is the same process. */
    private static final long SAME_START_MS = 2_000;
    private static final AtomicLong COUNTER = new AtomicLong();
    private static final Pattern NAME = Pattern.compile("\\.(.+)\\.(staging|old)-(\\d+)-(\\d+)-(\\d+)");

    private Staging() {
    }

    /** A fresh hidden name beside {@code target} for this process: {@code kind} is "staging" or "old". */
    static Path beside(Path target, String kind) {
        return target.resolveSibling("." + target.getFileName() + "." + kind + "-" + PID + "-" + START + "-"
                + COUNTER.incrementAndGet());
    }

    /**
     * Removes, in {@code folder}, the staging entries of processes that are gone, and puts back their old folders
     * whose place is free. Best effort: what cannot be removed is left for the next run.
     */
    static void removeStale(Path folder) {
        List<Path> entries;
        try (var s = Files.list(folder)) {
            entries = s.toList();
        } catch (IOException e) {
            return;
        }
        for (Path p : entries) {
            Matcher m = NAME.matcher(p.getFileName().toString());
            if (!m.matches() || alive(Long.parseLong(m.group(3)), Long.parseLong(m.group(4)))) {
                continue;
            }
            try {
                Path original = p.resolveSibling(m.group(1));
                if (m.group(2).equals("old") && !Files.exists(original, LinkOption.NOFOLLOW_LINKS)) {
                    Files.move(p, original, StandardCopyOption.ATOMIC_MOVE);
                } else {
                    deleteTree(p);
                }
            } catch (IOException | NumberFormatException e) {
                // left for the next run
            }
        }
    }

    /** Whether process {@code pid}, started at {@code startMs}, still runs. */
    static boolean alive(long pid, long startMs) {
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                .map(h -> h.info().startInstant().map(i -> Math.abs(i.toEpochMilli() - startMs) < SAME_START_MS)
                        .orElse(true))
                .orElse(false);
    }

    /** Deletes a file or a folder with everything in it; links are removed, never followed. */
    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Files.deleteIfExists(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
