package org.nowemu.workloads.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.nowemu.actors.config.BadInputException;

/**
 * The file every output folder holds, {@value #MARKER}: it says nowemu wrote the folder and lists every file it
 * wrote there. A run replaces an existing output folder only if it is empty, or if it holds this file and nothing
 * that the list leaves out (a note a user saved in it, a link, a file from another program), so that a mistyped
 * {@code --out} or a file dropped into an output folder is never destroyed. Folders written before the list
 * (a marker without one, or only an earlier results.json that nowemu wrote) are nowemu's if every file in them
 * is of a kind nowemu writes (.json, .csv, .png, .html).
 */
final class OutputManifest {
    /** The file every output folder holds, so a later run knows it may replace the folder. */
    static final String MARKER = ".nowemu-output";
    private static final String HEADER = "written by nowemu";
    private static final String LIST = "files written (a run replaces this folder only if it holds no other file):";
    private static final Set<String> EARLIER_KINDS = Set.of("json", "csv", "png", "html");

    private OutputManifest() {
    }

    /** Writes the marker into {@code staging}, listing every file in it. */
    static void write(Path staging) throws IOException {
        StringBuilder b = new StringBuilder(HEADER).append("; a later run replaces this folder whole\n")
                .append(LIST).append('\n');
        for (String f : files(staging)) {
            if (!f.equals(MARKER)) {
                b.append(f).append('\n');
            }
        }
        Files.writeString(staging.resolve(MARKER), b.toString());
    }

    /**
     * Refuses {@code dir} (an existing folder, named {@code shown} in messages as {@code option}) unless a run may
     * replace it whole.
     */
    static void checkReplaceable(Path dir, String shown) {
        List<String> files;
        try {
            files = files(dir);
        } catch (IOException e) {
            throw new BadInputException(shown + ": cannot read it (" + OutputTargets.describe(e) + ")");
        }
        if (files.isEmpty()) {
            return;
        }
        Set<String> listed = listed(dir);
        boolean earlier = listed == null && (Files.isRegularFile(dir.resolve(MARKER), LinkOption.NOFOLLOW_LINKS)
                && read(dir.resolve(MARKER)).startsWith(HEADER)
                || Files.isRegularFile(dir.resolve("results.json"), LinkOption.NOFOLLOW_LINKS)
                && OwnedJson.owned(dir.resolve("results.json")));
        if (listed == null && !earlier) {
            throw new BadInputException(shown + ": a folder that nowemu did not write (no " + MARKER + " in it);"
                    + " the run replaces its output folder whole, so name a new or empty one");
        }
        for (String f : files) {
            if (f.equals(MARKER)) {
                continue;
            }
            boolean ours = listed != null ? listed.contains(f)
                    : Files.isRegularFile(dir.resolve(f), LinkOption.NOFOLLOW_LINKS) && f.lastIndexOf('.') > 0
                    && EARLIER_KINDS.contains(f.substring(f.lastIndexOf('.') + 1));
            if (!ours) {
                throw new BadInputException(shown + ": holds " + f + ", which nowemu did not write; the run replaces"
                        + " the folder whole, so move that file out or name another folder");
            }
        }
    }

    /** The files the marker lists, or null if there is no marker with a list. */
    private static Set<String> listed(Path dir) {
        Path m = dir.resolve(MARKER);
        if (!Files.isRegularFile(m, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        List<String> lines = read(m).lines().toList();
        int at = lines.indexOf(LIST);
        if (lines.isEmpty() || !lines.get(0).startsWith(HEADER) || at < 0) {
            return null;
        }
        return new TreeSet<>(lines.subList(at + 1, lines.size()));
    }

    /** Every entry under {@code dir} but folders (files, links, devices), relative, with '/' between names. */
    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .map(p -> dir.relativize(p).toString().replace('\\', '/')).sorted().toList();
        }
    }

    private static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
