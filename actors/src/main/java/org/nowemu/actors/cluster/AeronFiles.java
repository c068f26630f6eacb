package org.nowemu.actors.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.nowemu.actors.config.BadInputException;

/**
 * The files of a member's embedded Aeron media driver (transport {@code aeron-udp}): one directory per member,
 * {@code nowemu-member-<pid>-<n>} under {@code nowemu.cluster.aeron.directory}, so that members on one machine
 * (the JVMs of {@code run --jvms}, or several actor systems in one JVM) never share a driver. Pekko deletes it
 * when the actor system ends; the JVM's own shutdown hook deletes it when the process is stopped without that
 * (a member JVM ends on SIGTERM, with Pekko's shutdown hooks off), and a directory left by a process that died
 * outright (SIGKILL) is deleted by the next member that starts on the machine. The term buffers live there,
 * memory-mapped: on /dev/shm they are memory.
 */
final class AeronFiles {
    private static final Pattern MEMBER_DIR = Pattern.compile("nowemu-member-(\\d+)-\\d+");
    private static final AtomicLong NEXT = new AtomicLong();

    private AeronFiles() {
    }

    /**
     * A new directory name for a member of this JVM under {@code base} (created if missing), after deleting the
     * directories of members whose process is gone. A base that cannot be made is bad input, before Pekko starts.
     */
    static Path memberDirectory(Path base, String key) {
        try {
            Files.createDirectories(base);
        } catch (IOException | SecurityException e) {
            throw new BadInputException(key + " '" + base + "': cannot create it (" + e.getMessage() + ")");
        }
        if (!Files.isWritable(base)) {
            throw new BadInputException(key + " '" + base + "': not writable");
        }
        deleteOrphans(base);
        Path dir = base.resolve("nowemu-member-" + ProcessHandle.current().pid() + "-" + NEXT.incrementAndGet());
        synchronized (OWN) {
            if (OWN.isEmpty()) {
                Runtime.getRuntime().addShutdownHook(new Thread(AeronFiles::deleteOwn, "nowemu-aeron-files"));
            }
            OWN.add(dir);
        }
        return dir;
    }

    /** The member directories of this JVM. */
    private static final List<Path> OWN = new java.util.ArrayList<>();

    /** Deletes the member directories of this JVM (at its end: a halt runs no shutdown hook). */
    static void deleteOwn() {
        List<Path> dirs;
        synchronized (OWN) {
            dirs = List.copyOf(OWN);
        }
        dirs.forEach(AeronFiles::delete);
    }

    /** Deletes the member directories under {@code base} whose process no longer runs. */
    private static void deleteOrphans(Path base) {
        List<Path> entries;
        try (Stream<Path> s = Files.list(base)) {
            entries = s.sorted().toList();
        } catch (IOException e) {
            return; // nothing to clean that we can see
        }
        for (Path p : entries) {
            Matcher m = MEMBER_DIR.matcher(p.getFileName().toString());
            if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).map(h -> !h.isAlive()).orElse(true)) {
                delete(p);
            }
        }
    }

    /** Deletes {@code dir} and what is in it, quietly: a file already gone or still held is left as it is. */
    static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | RuntimeException e) {
            // best effort: a leftover is deleted by the next member that starts
        }
    }
}
