package org.nowemu.workloads.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.function.Predicate;
import org.nowemu.actors.config.BadInputException;

/**
 * The one policy for every path a command writes ({@code --out}, {@code --json} of run, reproduce and bench,
 * calibrate's {@code --readme}): nowemu never destroys what it does not own. Checked before anything runs; a path
 * refused is bad input (exit 2) named in one line.
 * <ul>
 * <li>A file target is written only if it does not exist, or if it is a regular file that nowemu wrote, told by
 * its content ({@link Owner}). A folder, a device, a FIFO or a socket is refused, and so is a symbolic link (it
 * is not followed: name the file itself). {@code -} is standard output.</li>
 * <li>An output folder is replaced whole, so it must be new, empty, or an earlier output folder that holds nothing
 * nowemu did not write ({@link OutputManifest}); never a link, a file, the current folder or the project.</li>
 * <li>Missing folders on the way are made; the folder that will hold the target must accept new files.</li>
 * </ul>
 */
public final class OutputTargets {
    /** The file name that means standard output. */
    public static final String STDOUT = "-";

    /**
     * What makes an existing file nowemu's to replace ({@code owns}), and what the message refusing any other file
     * says after its name ({@code refusal}).
     */
    public record Owner(String refusal, Predicate<Path> owns) {
    }

    /** JSON that nowemu wrote: results.json, a sweep's, a suite's or the bench's figures. */
    public static final Owner JSON = new Owner("a file nowemu did not write (no nowemu version field in it); it is"
            + " left alone: name a new file, or remove that one first", OwnedJson::owned);

    private OutputTargets() {
    }

    /** Whether {@code file} names standard output. */
    public static boolean isStdout(Path file) {
        return file != null && file.toString().equals(STDOUT);
    }

    /**
     * Checks that {@code file} (given as {@code option}) may be written: nothing is created or changed. Returns it
     * absolute, or the path {@code -} itself for standard output.
     */
    public static Path file(Path file, String option, Owner owner) {
        if (isStdout(file)) {
            return file;
        }
        if (file.toString().isEmpty()) {
            throw new BadInputException(option + ": an empty path; name a file");
        }
        String shown = option + " " + file;
        Path j = file.toAbsolutePath().normalize();
        probe(j.getParent(), shown);
        BasicFileAttributes a = attributes(j, shown);
        if (a != null) {
            if (a.isSymbolicLink()) {
                throw new BadInputException(shown + ": a symbolic link, which nowemu does not follow; name the file"
                        + " itself");
            }
            if (a.isDirectory()) {
                throw new BadInputException(shown + ": a folder, not a file");
            }
            if (!a.isRegularFile()) {
                throw new BadInputException(shown + ": not a regular file (a device, FIFO or socket); nowemu writes"
                        + " only regular files");
            }
            if (!Files.isWritable(j)) {
                throw new BadInputException(shown + ": not writable");
            }
            if (!owner.owns().test(j)) {
                throw new BadInputException(shown + ": " + owner.refusal());
            }
        }
        return j;
    }

    /**
     * Checks that {@code out} may become the output folder, replaced whole: nothing is created or changed.
     * Returns it absolute.
     *
     * @param home the project root, which an output folder may not hold
     */
    public static Path folder(Path out, Path home) {
        if (out.toString().isEmpty()) {
            throw new BadInputException("--out: an empty path; name a folder");
        }
        if (isStdout(out)) {
            throw new BadInputException("--out -: names a folder, not standard output (--json - writes the JSON"
                    + " there)");
        }
        String shown = "--out " + out;
        Path d = out.toAbsolutePath().normalize();
        if (d.getParent() == null || Path.of("").toAbsolutePath().startsWith(d)
                || home.toAbsolutePath().normalize().startsWith(d)) {
            throw new BadInputException(shown + ": holds the current folder or the project; name a folder"
                    + " of its own (the run replaces it whole)");
        }
        probe(d.getParent(), shown);
        BasicFileAttributes a = attributes(d, shown);
        if (a != null) {
            if (a.isSymbolicLink()) {
                throw new BadInputException(shown + ": a symbolic link, which nowemu does not follow; name a folder");
            }
            if (!a.isDirectory()) {
                throw new BadInputException(shown + ": " + (a.isRegularFile() ? "a file" : "a device, FIFO or socket")
                        + ", not a folder");
            }
            OutputManifest.checkReplaceable(d, shown);
        }
        return d;
    }

    /** The entry's own attributes (a link's, not its target's), or null if there is none. */
    private static BasicFileAttributes attributes(Path p, String shown) {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new BadInputException(shown + ": cannot read it (" + describe(e) + ")");
        }
    }

    /** Checks that files can be made in {@code dir}, or in its nearest existing ancestor if it is missing. */
    static void probe(Path dir, String what) {
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

    static String describe(Exception e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m != null ? " (" + m + ")" : "");
    }
}
