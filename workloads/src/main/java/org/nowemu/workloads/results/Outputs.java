package org.nowemu.workloads.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.nowemu.actors.config.BadInputException;

/**
 * The files one command writes (results.json, its --json copy, trace.json...). Targets are checked before
 * the run, so a bad path costs no emulation time; contents are written to temporary files beside their
 * targets and moved into place together at the end, so a failure leaves no half-written or partial set of
 * files. A path that cannot be written is bad input (exit 2), named in one line.
 */
public final class Outputs implements AutoCloseable {
    private final List<Path> targets = new ArrayList<>();
    private final List<Path> temps = new ArrayList<>();

    /** Checks that {@code file} can be written (its folder made if missing) before any work is done. */
    public static void check(Path file) {
        Path abs = file.toAbsolutePath();
        if (Files.isDirectory(abs)) {
            throw new BadInputException("cannot write " + file + ": it is a folder");
        }
        Path dir = abs.getParent();
        try {
            Files.createDirectories(dir);
            // Permissions alone do not tell (root ignores them, /proc refuses anyway): try it.
            Files.delete(Files.createTempFile(dir, ".nowemu-", ".probe"));
        } catch (IOException | RuntimeException e) {
            throw new BadInputException("cannot write " + file + ": cannot create files in " + dir + " ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    /** Registers {@code target} and returns the temporary file to write its contents to. */
    public Path stage(Path target) {
        Path abs = target.toAbsolutePath();
        Path tmp = abs.resolveSibling(abs.getFileName() + ".tmp");
        targets.add(abs);
        temps.add(tmp);
        return tmp;
    }

    public void writeString(Path target, String content) {
        Path tmp = stage(target);
        try {
            Files.writeString(tmp, content);
        } catch (IOException e) {
            throw new BadInputException("cannot write " + target + ": " + describe(e));
        }
    }

    /** Moves every staged file into place. */
    public void commit() {
        for (int i = 0; i < targets.size(); i++) {
            try {
                Files.move(temps.get(i), targets.get(i), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new BadInputException("cannot write " + targets.get(i) + ": " + describe(e));
            }
        }
        temps.clear();
        targets.clear();
    }

    /** Removes temporary files that were not committed. */
    @Override
    public void close() {
        for (Path t : temps) {
            try {
                Files.deleteIfExists(t);
            } catch (IOException e) {
                // nothing more to do: the target was never replaced
            }
        }
    }

    static String describe(Exception e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m != null ? " (" + m + ")" : "");
    }
}
