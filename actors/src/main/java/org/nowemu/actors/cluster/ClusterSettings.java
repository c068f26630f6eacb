package org.nowemu.actors.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigUtil;
import java.util.ArrayList;
import java.util.List;
import org.nowemu.actors.config.ConfigReader;

/**
 * How this JVM takes part in a Pekko Cluster of nowemu members ({@code nowemu.cluster}): the address it binds,
 * the seed nodes it joins, the cluster's name, the transport (plain TCP, TLS or Aeron over UDP) and how long to
 * wait.
 *
 * @param name          the cluster's (actor system's) name; members of another name cannot join
 * @param hostname      the address to bind and to be reached at
 * @param port          the port to bind (0: any free one)
 * @param seedNodes     host:port of the seed nodes (empty: this JVM is the first, its own seed)
 * @param transport     {@code tcp}, {@code tls-tcp} or {@code aeron-udp}
 * @param keyStore      TLS: key store file (empty for tcp)
 * @param trustStore    TLS: trust store file
 * @param storePassword TLS: password of both stores and of the key
 * @param joinTimeoutMs how long a run waits for its members to be up (ms)
 * @param seedTimeoutMs how long a member waits to join the cluster of its seed nodes (ms)
 * @param progressTimeoutMs how long a run may go without news of its progress before the submitter stops it (ms)
 * @param lanes         dispatcher threads of this member (0: one per core)
 * @param aeron         aeron-udp: the media driver's files
 */
public record ClusterSettings(String name, String hostname, int port, List<String> seedNodes, String transport,
                              String keyStore, String trustStore, String storePassword, long joinTimeoutMs,
                              long seedTimeoutMs, long progressTimeoutMs, int lanes, Aeron aeron) {

    /**
     * Transport aeron-udp: where the members' media-driver directories go and the length of a term buffer.
     *
     * @param directory  the directory under which each member makes its own (absolute path)
     * @param termLength bytes of one term of a publication (a power of two; Aeron keeps three per stream)
     */
    public record Aeron(String directory, int termLength) {
    }

    /** Artery's transports, by their Pekko names. */
    static final List<String> TRANSPORTS = List.of("tcp", "tls-tcp", "aeron-udp");

    public static ClusterSettings from(Config config) {
        ConfigReader r = new ConfigReader(config);
        String p = "nowemu.cluster.";
        String transport = r.string(p + "transport");
        if (!TRANSPORTS.contains(transport)) {
            throw r.bad(p + "transport", "expected tcp, tls-tcp or aeron-udp, got '" + transport + "'");
        }
        List<String> seeds = new ArrayList<>(new ConfigReader(config).stringList(p + "seed-nodes"));
        for (String s : seeds) {
            parseSeed(s, r, p + "seed-nodes");
        }
        String name = r.string(p + "name");
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9_-]*")) {
            throw r.bad(p + "name", "'" + name + "' is not a valid actor system name (letters, digits, - and _)");
        }
        String keyStore = r.string(p + "tls.key-store");
        String trustStore = r.string(p + "tls.trust-store");
        if (transport.equals("tls-tcp") && (keyStore.isEmpty() || trustStore.isEmpty())) {
            throw r.bad(p + "tls", "transport tls-tcp needs tls.key-store and tls.trust-store");
        }
        int lanes = r.intIn("nowemu.runtime.threads", 0, 1024);
        return new ClusterSettings(name, r.string(p + "hostname"), r.intIn(p + "port", 0, 65535), List.copyOf(seeds),
                transport, keyStore, trustStore, r.string(p + "tls.password"),
                r.duration(p + "join-timeout", 1) / 1_000_000_000L,
                r.duration(p + "seed-timeout", 1_000_000_000L) / 1_000_000_000L, progressTimeoutMs(config),
                lanes == 0 ? Runtime.getRuntime().availableProcessors() : lanes, aeron(config, r, p + "aeron."));
    }

    /**
     * {@code nowemu.cluster.progress-timeout} in ms, at least 1 s: read by the submitter from its own
     * configuration and by every member from the run's (the submitter's), so they agree on how often to report.
     */
    static long progressTimeoutMs(Config config) {
        return new ConfigReader(config).duration("nowemu.cluster.progress-timeout", 1_000_000_000_000L)
                / 1_000_000_000L;
    }

    private static Aeron aeron(Config config, ConfigReader r, String p) {
        String dir = r.string(p + "directory");
        // Aeron's own default: /dev/shm/aeron-<user> on Linux (memory), else under the temporary directory.
        String base = dir.isEmpty() ? io.aeron.CommonContext.getAeronDirectoryName() : dir;
        long term;
        long frame;
        try {
            term = config.getBytes(p + "term-buffer-length");
            frame = config.getBytes("pekko.remote.artery.advanced.maximum-frame-size");
        } catch (ConfigException e) {
            throw ConfigReader.from(e);
        }
        if (term < 64 * 1024 || term > 1024 * 1024 * 1024 || Long.bitCount(term) != 1) {
            throw r.bad(p + "term-buffer-length", "expected a power of two from 64KiB to 1GiB, got " + term + " bytes");
        }
        // Aeron takes messages of at most an eighth of a term; a larger Artery frame would be dropped.
        if (config.getString("nowemu.cluster.transport").equals("aeron-udp") && term / 8 < frame) {
            throw r.bad(p + "term-buffer-length", term + " bytes carry messages of at most " + term / 8
                    + " bytes, less than pekko.remote.artery.advanced.maximum-frame-size (" + frame + " bytes)");
        }
        try {
            return new Aeron(java.nio.file.Path.of(base).toAbsolutePath().toString(), (int) term);
        } catch (java.nio.file.InvalidPathException e) {
            throw r.bad(p + "directory", "'" + dir + "' is not a path (" + e.getMessage() + ")");
        }
    }

    /** The same settings with these seed nodes (host:port each; anything else is a {@code BadInputException}). */
    public ClusterSettings withSeeds(List<String> seeds) {
        for (String s : seeds) {
            if (!isHostPort(s)) {
                throw new org.nowemu.actors.config.BadInputException("seed node '" + s + "' is not host:port");
            }
        }
        return new ClusterSettings(name, hostname, port, List.copyOf(seeds), transport, keyStore, trustStore,
                storePassword, joinTimeoutMs, seedTimeoutMs, progressTimeoutMs, lanes, aeron);
    }

    /**
     * The seed nodes of a command line's {@code --seed-nodes} options, each a comma-separated list: an empty
     * entry ({@code --seed-nodes ,}, a trailing comma) or one that is not host:port is a {@code BadInputException}
     * naming it, never a run without seed nodes.
     */
    public static List<String> seedNodes(List<String> options) {
        List<String> seeds = new ArrayList<>();
        for (String option : options) {
            for (String s : option.split(",", -1)) {
                if (s.isEmpty()) {
                    throw new org.nowemu.actors.config.BadInputException("--seed-nodes '" + option + "' has an empty"
                            + " entry: expected HOST:PORT[,HOST:PORT...]");
                }
                if (!isHostPort(s)) {
                    throw new org.nowemu.actors.config.BadInputException("seed node '" + s + "' is not host:port");
                }
                seeds.add(s);
            }
        }
        return List.copyOf(seeds);
    }

    public ClusterSettings withLanes(int n) {
        return new ClusterSettings(name, hostname, port, seedNodes, transport, keyStore, trustStore, storePassword,
                joinTimeoutMs, seedTimeoutMs, progressTimeoutMs, n, aeron);
    }

    public ClusterSettings withPort(int p) {
        return new ClusterSettings(name, hostname, p, seedNodes, transport, keyStore, trustStore, storePassword,
                joinTimeoutMs, seedTimeoutMs, progressTimeoutMs, lanes, aeron);
    }

    private static void parseSeed(String s, ConfigReader r, String key) {
        if (!isHostPort(s)) {
            throw r.bad(key, "'" + s + "' is not host:port");
        }
    }

    /**
     * {@code host:port}: a host name or IPv4 address (letters, digits, '.', '-', '_'), or an IPv6 address in
     * brackets, and a port 1..65535. Anything else (a pekko:// address, a missing port) would reach Pekko as a
     * malformed seed address.
     */
    private static boolean isHostPort(String s) {
        int colon = s.lastIndexOf(':');
        if (colon <= 0 || !s.substring(0, colon).matches("[A-Za-z0-9._-]+|\\[[0-9A-Fa-f:.]+]")) {
            return false;
        }
        try {
            int port = Integer.parseInt(s.substring(colon + 1));
            return port > 0 && port <= 65535;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The host of a seed node checked by {@link #withSeeds} or {@link #from}: what is before the last colon. */
    static String hostOf(String seed) {
        String host = seed.substring(0, seed.lastIndexOf(':'));
        return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    }

    /**
     * The Pekko configuration of a cluster member with these settings. Strings are quoted as
     * HOCON strings, so a path or password with quotes or backslashes reaches Pekko as written. For
     * tls-tcp only the stores and the password are set here; protocol, cipher suites, mutual authentication and
     * hostname verification are in reference.conf ({@code pekko.remote.artery.ssl.config-ssl-engine}).
     */
    String pekkoConfig() {
        StringBuilder seeds = new StringBuilder();
        for (String s : seedNodes) {
            seeds.append(seeds.length() == 0 ? "" : ", ").append(ConfigUtil.quoteString("pekko://" + name + "@" + s));
        }
        StringBuilder b = new StringBuilder();
        b.append("pekko.actor.provider = cluster\n")
                .append("pekko.remote.artery.transport = ").append(transport).append('\n')
                .append("pekko.remote.artery.canonical.hostname = ").append(ConfigUtil.quoteString(hostname))
                .append('\n')
                .append("pekko.remote.artery.canonical.port = ").append(port).append('\n')
                .append("pekko.cluster.seed-nodes = [").append(seeds).append("]\n");
        if (transport.equals("aeron-udp")) {
            // One media driver per member, in its own directory; Pekko deletes it when the member ends.
            String dir = AeronFiles.memberDirectory(java.nio.file.Path.of(aeron.directory()),
                    "nowemu.cluster.aeron.directory").toString();
            b.append("pekko.remote.artery.advanced.aeron {\n")
                    .append("  embedded-media-driver = on\n")
                    .append("  aeron-dir = ").append(ConfigUtil.quoteString(dir)).append('\n')
                    .append("  delete-aeron-dir = yes\n")
                    .append("}\n");
        }
        if (transport.equals("tls-tcp")) {
            String password = ConfigUtil.quoteString(storePassword);
            b.append("pekko.remote.artery.ssl.config-ssl-engine {\n")
                    .append("  key-store = ").append(ConfigUtil.quoteString(keyStore)).append('\n')
                    .append("  trust-store = ").append(ConfigUtil.quoteString(trustStore)).append('\n')
                    .append("  key-store-password = ").append(password).append('\n')
                    .append("  key-password = ").append(password).append('\n')
                    .append("  trust-store-password = ").append(password).append('\n')
                    .append("}\n");
        }
        return b.toString();
    }
}
