package org.nowemu.workloads.experiment;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigIncludeContext;
import com.typesafe.config.ConfigIncluder;
import com.typesafe.config.ConfigIncluderFile;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigSyntax;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.stream.Collectors;
import org.nowemu.actors.config.BadInputException;

/**
 * The includes of a configuration file ({@code include "other.conf"}, {@code include required(...)},
 * {@code include file(...)}), read so that a user can tell what went wrong: a relative include is looked for beside
 * the file that includes it, whatever the working folder; a cycle is named once ({@code a.conf -> b.conf ->
 * a.conf}); a required file that is missing is named with the folder it was looked for in. Typesafe Config's own
 * includer would list the files of a cycle fifty times, and say a missing relative include was not found "on the
 * classpath" (where it looks last, and still does here: a name found neither beside the file nor there is
 * missing). An include that is not required and finds nothing adds nothing, as HOCON says.
 */
final class FileIncludes implements ConfigIncluder, ConfigIncluderFile {
    /** The files being read, outermost first: shared by every copy made for a fallback. */
    private final Deque<Path> chain;
    private final ConfigIncluder fallback;

    private FileIncludes(Deque<Path> chain, ConfigIncluder fallback) {
        this.chain = chain;
        this.fallback = fallback;
    }

    /** Parses {@code file} with {@code options}, its includes read as above. */
    static Config parse(Path file, ConfigParseOptions options) {
        FileIncludes includes = new FileIncludes(new ArrayDeque<>(), null);
        return includes.read(file.toAbsolutePath().normalize(), options.setIncluder(includes));
    }

    private Config read(Path file, ConfigParseOptions options) {
        if (chain.contains(file)) {
            List<Path> cycle = new ArrayList<>(chain).subList(new ArrayList<>(chain).indexOf(file), chain.size());
            Path from = chain.peekFirst().getParent();
            throw new BadInputException("include cycle: " + cycle.stream().map(p -> shown(p, from))
                    .collect(Collectors.joining(" -> ")) + " -> " + shown(file, from) + " (in " + from + ")");
        }
        chain.addLast(file);
        try {
            return ConfigFactory.parseFile(file.toFile(), options);
        } finally {
            chain.removeLast();
        }
    }

    /** A file as a message names it: relative to the outermost file's folder when it lies below it. */
    private static String shown(Path p, Path from) {
        return from != null && p.startsWith(from) ? from.relativize(p).toString() : p.toString();
    }

    @Override
    public ConfigIncluder withFallback(ConfigIncluder fallback) {
        return fallback == this.fallback ? this : new FileIncludes(chain, fallback);
    }

    @Override
    public ConfigObject include(ConfigIncludeContext context, String what) {
        Path current = chain.peekLast();
        if (current == null || what.matches("[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
            return fallback.include(context, what); // a URL, or a file read by another includer
        }
        Path base = current.getParent().resolve(what).normalize();
        boolean named = what.endsWith(".conf") || what.endsWith(".json") || what.endsWith(".properties");
        List<Path> candidates = named ? List.of(base)
                : List.of(Path.of(base + ".conf"), Path.of(base + ".json"), Path.of(base + ".properties"));
        ConfigObject found = null;
        for (Path c : candidates) {
            if (Files.isRegularFile(c)) {
                ConfigObject o = read(c, context.parseOptions().setAllowMissing(false)).root();
                found = found == null ? o : found.withFallback(o);
            }
        }
        if (found != null) {
            return found;
        }
        try {
            return fallback.include(context, what);
        } catch (ConfigException.IO e) {
            throw missing(base.getFileName() + (named ? "" : ".conf, .json or .properties"),
                    "required(\"" + what + "\")", current, base.getParent());
        }
    }

    @Override
    public ConfigObject includeFile(ConfigIncludeContext context, File what) {
        // file(...) is relative to the working folder, as HOCON defines it.
        Path file = what.toPath().toAbsolutePath().normalize();
        Path current = chain.peekLast();
        if (!Files.isRegularFile(file)) {
            if (context.parseOptions().getAllowMissing()) {
                return ConfigFactory.empty().root();
            }
            throw missing(file.getFileName().toString(), "required(file(\"" + what + "\"))", current,
                    file.getParent());
        }
        ConfigSyntax syntax = file.toString().endsWith(".json") ? ConfigSyntax.JSON
                : file.toString().endsWith(".properties") ? ConfigSyntax.PROPERTIES : ConfigSyntax.CONF;
        return read(file, context.parseOptions().setAllowMissing(false).setSyntax(syntax)).root();
    }

    private static BadInputException missing(String name, String statement, Path in, Path folder) {
        return new BadInputException((in == null ? "" : in.getFileName() + ": ") + "include " + statement
                + ": no file " + name + " in " + folder);
    }
}
