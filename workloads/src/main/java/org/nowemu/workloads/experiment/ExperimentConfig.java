package org.nowemu.workloads.experiment;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;

/**
 * Loads the configuration of a run in layers, highest first: {@code --set} overrides ({@link Overrides}), the
 * experiment file, the project's {@code application.conf}, then every module's {@code reference.conf};
 * resolves once at the end (so overrides reach {@code ${}} substitutions) and checks every key is known
 * ({@link KnownKeys}). Also finds experiments by name.
 *
 * <p>An experiment may also be the {@code results.json} of an earlier run: its {@code configuration} (every key
 * that differed from the reference files) is then the experiment layer, and application.conf is left out, so the
 * run is the earlier one again.
 *
 * @param name   the experiment's name (its file name without {@code .conf})
 * @param source where the experiment came from (a file path or a class-path resource)
 * @param config the resolved configuration
 * @param own    the experiment file's own layer, unresolved (what the file itself sets)
 */
public record ExperimentConfig(String name, String source, Config config, Config own) {

    private static final ConfigParseOptions STRICT = ConfigParseOptions.defaults().setAllowMissing(false);

    /**
     * @param experiment a file ({@code workloads/phold.conf}) or a name ({@code phold}); null for the default
     *                   ({@code nowemu.experiment})
     * @param sets       {@code key=value} overrides
     * @param home       the project root: where {@code application.conf} and {@code workloads/} are
     */
    public static ExperimentConfig load(String experiment, List<String> sets, Path home) {
        return load(experiment, sets, ConfigFactory.empty(), home);
    }

    /** As {@link #load(String, List, Path)}, with {@code top} above the {@code --set} overrides (a sweep's point). */
    public static ExperimentConfig load(String experiment, List<String> sets, Config top, Path home) {
        try {
            Layers l = Layers.read(sets, home);
            l = new Layers(top.withFallback(l.overrides), l.app, l.reference);
            String wanted = experiment;
            if (wanted == null) {
                wanted = l.merge(ConfigFactory.empty()).getString("nowemu.experiment");
                if (wanted.isEmpty()) {
                    throw new BadInputException("nowemu.experiment: empty; name the experiment ./nowemu run runs"
                            + " without one");
                }
            }
            Located located = locate(wanted, home);
            if (located.rerun) {
                l = new Layers(l.overrides, ConfigFactory.empty(), l.reference);
            }
            return new ExperimentConfig(located.name, located.source, l.merge(located.config), located.config);
        } catch (ConfigException e) {
            throw ConfigReader.from(e);
        }
    }

    /** The configuration without an experiment file (for commands such as {@code bench}): overrides, app, reference. */
    public static Config base(List<String> sets, Path home) {
        try {
            return Layers.read(sets, home).merge(ConfigFactory.empty());
        } catch (ConfigException e) {
            throw ConfigReader.from(e);
        }
    }

    /** The layers around the experiment file: {@code --set} above it, application.conf and reference below. */
    private record Layers(Config overrides, Config app, Config reference) {
        static Layers read(List<String> sets, Path home) {
            Config overrides = ConfigFactory.empty();
            for (String s : sets) {
                overrides = Overrides.parse(s).withFallback(overrides);
            }
            Path appFile = home.resolve("application.conf");
            Config app = Files.isRegularFile(appFile) ? FileIncludes.parse(appFile, STRICT) : ConfigFactory.empty();
            return new Layers(overrides, app, references());
        }

        /**
         * Every reference.conf on the class path, nowemu's modules' above the libraries': actors' sets Pekko keys
         * (log level, split-brain resolver, shutdown phase timeouts, frame size) that must win over Pekko's own
         * defaults whatever the class path order. The fat jar's one merged file has them last, where they win;
         * a class path that lists Pekko's jars before nowemu's (the tests' does) would lose them otherwise.
         */
        private static Config references() {
            Config ours = ConfigFactory.empty();
            Config theirs = ConfigFactory.empty();
            try {
                for (URL u : java.util.Collections.list(ExperimentConfig.class.getClassLoader()
                        .getResources("reference.conf"))) {
                    Config c = ConfigFactory.parseURL(u, STRICT);
                    if (c.hasPath("nowemu")) {
                        ours = ours.withFallback(c);
                    } else {
                        theirs = theirs.withFallback(c);
                    }
                }
            } catch (java.io.IOException e) {
                throw new IllegalStateException("cannot list reference.conf on the class path", e);
            }
            return ours.withFallback(theirs);
        }

        /** Stacks the layers around {@code experiment}, resolves once, and checks every key is known. */
        Config merge(Config experiment) {
            KnownKeys.checkRoots(overrides, experiment, app);
            Config merged = overrides.withFallback(experiment).withFallback(app).withFallback(reference).resolve();
            KnownKeys.check(merged, reference);
            return merged;
        }
    }

    /** Experiments that ship with nowemu: {@code workloads/*.conf} under the project root, else in the jar. */
    public static List<String> known(Path home) {
        TreeMap<String, String> names = new TreeMap<>();
        Path dir = home.resolve("workloads");
        if (Files.isDirectory(dir)) {
            try (var files = Files.list(dir)) {
                files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".conf"))
                        .forEach(f -> names.put(f.substring(0, f.length() - 5), f));
            } catch (java.io.IOException e) {
                // an unreadable folder lists nothing from it
            }
        }
        for (String n : ExperimentIndex.NAMES) {
            names.putIfAbsent(n, n);
        }
        return new ArrayList<>(names.keySet());
    }

    private record Located(String name, String source, Config config, boolean rerun) {
        Located(String name, String source, Config config) {
            this(name, source, config, false);
        }
    }

    private static Located locate(String wanted, Path home) {
        if (wanted.endsWith(".json")) {
            return rerun(Path.of(wanted));
        }
        boolean looksLikeFile = wanted.endsWith(".conf") || wanted.contains("/") || wanted.contains("\\");
        if (looksLikeFile) {
            Path p = Path.of(wanted);
            if (!Files.isRegularFile(p)) {
                throw new BadInputException("experiment file not found: " + wanted);
            }
            String file = p.getFileName().toString();
            String name = file.endsWith(".conf") ? file.substring(0, file.length() - 5) : file;
            return new Located(name, p.toString(), FileIncludes.parse(p, STRICT));
        }
        Path inTree = home.resolve("workloads").resolve(wanted + ".conf");
        if (Files.isRegularFile(inTree)) {
            return new Located(wanted, inTree.toString(), FileIncludes.parse(inTree, STRICT));
        }
        URL url = ExperimentConfig.class.getClassLoader().getResource("experiments/" + wanted + ".conf");
        if (url != null) {
            return new Located(wanted, "experiments/" + wanted + ".conf", ConfigFactory.parseURL(url, STRICT));
        }
        throw new BadInputException("unknown experiment '" + wanted + "' (known: " + String.join(", ", known(home))
                + "; or give the path of a .conf file)");
    }

    /** The configuration recorded in an earlier run's results.json. */
    private static Located rerun(Path p) {
        if (!Files.isRegularFile(p)) {
            throw new BadInputException("results file not found: " + p);
        }
        Config results = ConfigFactory.parseFile(p.toFile(), STRICT.setSyntax(com.typesafe.config.ConfigSyntax.JSON));
        if (!results.hasPath("configuration") || !results.hasPath("experiment")) {
            throw new BadInputException(p + ": not the results.json of a run (no configuration or experiment; a sweep's"
                    + " or suite's points each have their own)");
        }
        return new Located(results.getString("experiment"), p.toString(), results.getConfig("configuration"), true);
    }
}
