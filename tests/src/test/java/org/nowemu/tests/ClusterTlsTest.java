package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigUtil;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.nowemu.actors.cluster.ClusterRun;
import org.nowemu.actors.cluster.ClusterSettings;
import org.nowemu.actors.cluster.ModelSource;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workloads;

/**
 * Pekko Artery's {@code tls-tcp} transport for nowemu clusters, configured only through {@code nowemu.cluster}
 * ({@code transport = tls-tcp}, {@code tls.key-store}, {@code tls.trust-store}, {@code tls.password}) and started
 * by {@link ClusterRun}, with members as actor systems in this JVM on 127.0.0.1. Two members holding the same
 * self-signed key pair (made here with the JDK's keytool, no checked-in secrets) form a cluster over TLS and run
 * PHOLD to the one-JVM digest, with an RSA key pair and with an EC one; {@code run --jvms 2} hands its TLS
 * {@code --set}s to its member JVM and reaches the same digest. A TLS seed keeps out a member of another cluster
 * name, a member whose key pair and trust store are unrelated to its own, and a member on plain {@code tcp}; in
 * each of those tests a member with the right settings joins the same seed meanwhile, so the refusal is the
 * settings', not a seed that was not listening.
 */
@Timeout(120)
class ClusterTlsTest {
    /**
     * The store password (both stores and the key; PKCS12 keeps one password for the store and its keys), with
     * a quote, a backslash and a substitution in it: it must reach Pekko as written.
     */
    private static final String PASSWORD = "nowemu \"test\" \\ ${pass}";
    /** How long a refused member is watched not getting Up: a right one joins in about a second. */
    private static final long REFUSED_WAIT_MS = 3_000;
    /** How long a member with the right settings may take to be Up. */
    private static final long JOIN_MS = 20_000;

    @TempDir
    static Path keys;
    /** The RSA key pair and trust store the members share. */
    static Stores shared;
    /** An EC key pair and its trust store. */
    static Stores sharedEc;
    /** An unrelated RSA key pair, trusted only by its own trust store. */
    static Stores stranger;

    /** Every member started by a test, the seed first; all are closed after it, whatever happened. */
    private final List<ClusterRun> members = new ArrayList<>();

    /** A PKCS12 key store with one self-signed key pair, and a PKCS12 trust store with its certificate. */
    record Stores(Path keyStore, Path trustStore) {
    }

    @BeforeAll
    static void keyMaterial() throws Exception {
        CommandLineTest.projectRoot();
        // Nine keytool JVMs: the three stores side by side.
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            Future<Stores> rsa = pool.submit(() -> stores("shared", "RSA"));
            Future<Stores> ec = pool.submit(() -> stores("shared-ec", "EC"));
            Future<Stores> other = pool.submit(() -> stores("stranger", "RSA"));
            shared = rsa.get();
            sharedEc = ec.get();
            stranger = other.get();
        } finally {
            pool.shutdownNow();
        }
    }

    @AfterEach
    void closeMembers() throws InterruptedException {
        // The joiners leave first, while the seed can still see them go (closing all at once makes each wait out
        // Pekko's 3 s cluster-exiting timeout); they are gone in about a second. The seed closes after that, or
        // after 2 s: now and then a joiner's Artery over TLS only ends once its peer closes the connection (else
        // close() gives up after 15 s). Every close() has returned, its actor system ended, when this does.
        List<ClusterRun> all = new ArrayList<>(members);
        members.clear();
        List<RuntimeException> failures = Collections.synchronizedList(new ArrayList<>());
        List<Thread> joiners = new ArrayList<>();
        for (ClusterRun m : all.subList(Math.min(1, all.size()), all.size())) {
            Thread t = new Thread(() -> closeInto(m, failures), "close-joiner");
            t.start();
            joiners.add(t);
        }
        long seedAt = System.nanoTime() + 2_000_000_000L; // wall time: waiting for actor systems to end
        for (Thread t : joiners) {
            t.join(Math.max(1, (seedAt - System.nanoTime()) / 1_000_000));
        }
        if (!all.isEmpty()) {
            closeInto(all.get(0), failures);
        }
        for (Thread t : joiners) {
            t.join();
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
        // The member JVMs of run --jvms end with the run.
        for (ProcessHandle p : ProcessHandle.current().children().toList()) {
            p.onExit().toCompletableFuture().orTimeout(15, TimeUnit.SECONDS).exceptionally(t -> null).join();
            assertTrue(!p.isAlive(), "member JVM " + p.pid() + " still running after the run");
        }
    }

    /**
     * PHOLD with 32 components on a seed and a joiner, both on tls-tcp with the shared RSA stores: both see two
     * members Up, the coordinator places components on both (the layout names both addresses), and the run
     * reaches the digest, event count, final time and ledger of the same experiment in one JVM.
     */
    @Test
    void twoMembersRunOverTlsWithTheOneJvmDigest() {
        runsOnTwoMembersWithTheOneJvmDigest(shared);
    }

    /**
     * The same with an EC key pair: the TLS 1.3 cipher suites take either kind of key (a TLS 1.2 ECDHE_RSA
     * suite would fail the handshake).
     */
    @Test
    void twoMembersWithAnEcKeyPairRunOverTlsWithTheOneJvmDigest() {
        runsOnTwoMembersWithTheOneJvmDigest(sharedEc);
    }

    private void runsOnTwoMembersWithTheOneJvmDigest(Stores stores) {
        Config config = config("nowemu", "tls-tcp", stores);
        RunResult one = oneJvm(config);
        Plan plan = Workloads.from(new ConfigReader(config)).plan(config);

        ClusterRun seed = seed(config);
        ClusterRun other = join(config, seed.port());
        seed.awaitMembers(2, JOIN_MS);
        other.awaitMembers(2, JOIN_MS);
        List<String> layout = new ArrayList<>();
        RunResult two = seed.run(config, plan.horizonPs(), plan.model().lookahead(), 2, new RunProgress(), layout::add);

        // Where the model went, then what the barrier cost; between them, at most one warning that the coupling
        // factor over the members is below 1 (about 32 events a global window a member against a 300us barrier: it
        // is, unless this machine's load makes an event cost over 9us).
        List<String> notes = layout.stream().filter(n -> !n.startsWith("warning: lambda")).toList();
        assertTrue(layout.size() - notes.size() <= 1, "one warning at most: " + layout);
        assertEquals(2, notes.size(), "two notes per run: " + layout);
        assertTrue(notes.get(1).contains("messages crossed members"), notes.get(1));
        String placed = notes.get(0);
        assertTrue(placed.startsWith("2 members ("), placed);
        assertTrue(placed.matches(".*" + Pattern.quote(seed.address()) + ": [1-9]\\d* components.*"),
                "the seed takes components: " + placed);
        assertTrue(placed.matches(".*" + Pattern.quote(other.address()) + ": [1-9]\\d* components.*"),
                "the joiner takes components: " + placed);
        assertTrue(two.counter("phold.remote") > 0, "events went to other components, across the members");
        assertEquals(one.digest(), two.digest());
        assertEquals(one.events(), two.events());
        assertEquals(one.finalTimePs(), two.finalTimePs());
        assertEquals(one.invariants(), two.invariants());
    }

    /**
     * {@code nowemu run --jvms 2} with the TLS settings, the cluster name and the password only as --set: the
     * member JVM it starts gets them too (the password through its environment), so the cluster forms with 2
     * members of that name and results.json has the one-JVM digest.
     */
    @Test
    void runWithTwoJvmsHandsItsTlsSettingsToTheMemberJvm(@TempDir Path out) throws IOException {
        List<String> sets = sets("tls-run", "tls-tcp", shared);
        List<String> args = new ArrayList<>(List.of("run", "phold"));
        for (String set : sets) {
            args.add("--set");
            args.add(set);
        }
        args.addAll(List.of("--set", "nowemu.cluster.join-timeout=20s", "--jvms", "2", "--out", out.toString()));
        CommandLineTest.Outcome o = CommandLineTest.nowemu(args.toArray(new String[0]));

        assertEquals(0, o.code(), o.err());
        assertTrue(o.err().matches("(?s).*nowemu: cluster: 2 members \\(pekko://tls-run@127\\.0\\.0\\.1:\\d+: [1-9]\\d*"
                + " components; pekko://tls-run@127\\.0\\.0\\.1:\\d+: [1-9]\\d* components.*"), o.err());
        JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        assertEquals(oneJvm(config("tls-run", "tls-tcp", shared)).digest(), results.get("digest").asText());
    }

    /**
     * A member with the right keys but another cluster name (nowemu.cluster.name = other; TLS itself succeeds,
     * Artery drops the handshake for the wrong system name) is not Up in the seed's cluster, nor in one of its
     * own, while a member named as the seed joins.
     */
    @Test
    void aMemberOfAnotherClusterNameCannotJoin() {
        assertRefused(config("other", "tls-tcp", shared));
    }

    /**
     * A member on tls-tcp whose key pair and trust store are unrelated to the seed's (neither side trusts the
     * other's certificate: the TLS handshake fails) is not Up anywhere, while a member with the shared stores
     * joins.
     */
    @Test
    void aMemberWithoutTheKeysCannotJoin() {
        assertRefused(config("nowemu", "tls-tcp", stranger));
    }

    /**
     * A member on plain tcp (the seed's TLS sees a plaintext connection) is not Up in a tls-tcp seed's
     * cluster, nor in one of its own, while a member on tls-tcp joins.
     */
    @Test
    void aMemberOnPlainTcpCannotJoinATlsSeed() {
        assertRefused(config("nowemu", "tcp", shared));
    }

    /**
     * Starts a tls-tcp seed with the shared stores, a member with {@code refusedConfig} and then a member with
     * the seed's own settings, both joining the seed. The right member gets Up (so the seed was there to join),
     * and for {@link #REFUSED_WAIT_MS} from the refused member's start, checked every 100 ms, the seed counts
     * exactly two members Up (itself and the right one) and the refused member none.
     */
    private void assertRefused(Config refusedConfig) {
        ClusterRun seed = seed(config("nowemu", "tls-tcp", shared));
        ClusterRun refused = join(refusedConfig, seed.port());
        long watchUntil = System.nanoTime() + REFUSED_WAIT_MS * 1_000_000L; // wall time: waiting for joins
        ClusterRun right = join(config("nowemu", "tls-tcp", shared), seed.port());
        seed.awaitMembers(2, JOIN_MS);
        right.awaitMembers(2, JOIN_MS);
        // awaitMembers hears the membership events; upMembers reads Pekko's cluster state, a view that another
        // subscriber to the same events updates, so it may lag them for a moment: wait for the view to agree.
        long viewBy = System.nanoTime() + JOIN_MS * 1_000_000L;
        while (seed.upMembers() < 2 && System.nanoTime() < viewBy) {
            pause(20);
        }
        do {
            assertEquals(2, seed.upMembers(), "the seed and the right member are Up, not the refused one");
            assertEquals(0, refused.upMembers(), "the refused member is Up nowhere");
            pause(100);
        } while (System.nanoTime() < watchUntil);
    }

    private static void closeInto(ClusterRun member, List<RuntimeException> failures) {
        try {
            member.close();
        } catch (RuntimeException e) {
            failures.add(e);
        }
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** PHOLD, small and short, on one lane, as a member of cluster {@code name} over {@code transport}. */
    private static Config config(String name, String transport, Stores stores) {
        return ExperimentConfig.load("phold", sets(name, transport, stores),
                Path.of(System.getProperty("nowemu.home"))).config();
    }

    /** The {@code --set}s of {@link #config}. */
    private static List<String> sets(String name, String transport, Stores stores) {
        return List.of(
                "nowemu.phold.components=32",
                "nowemu.phold.duration=50us",
                "nowemu.runtime.threads=1",
                "nowemu.cluster.name=" + name,
                "nowemu.cluster.transport=" + transport,
                "nowemu.cluster.hostname=\"127.0.0.1\"",
                "nowemu.cluster.tls.key-store=" + ConfigUtil.quoteString(stores.keyStore().toString()),
                "nowemu.cluster.tls.trust-store=" + ConfigUtil.quoteString(stores.trustStore().toString()),
                "nowemu.cluster.tls.password=" + ConfigUtil.quoteString(PASSWORD));
    }

    /** The experiment of {@code config} in this JVM, without a cluster. */
    private static RunResult oneJvm(Config config) {
        Plan plan = Workloads.from(new ConfigReader(config)).plan(config);
        return Emulation.run(plan.model(), RuntimeSettings.from(config), plan.horizonPs());
    }

    /** How every member builds the model: the same as the command line's cluster runs. */
    private static final ModelSource MODELS = c -> Workloads.from(new ConfigReader(c)).plan(c).model();

    /** A member that starts a new cluster: it binds a free port and is its own seed. */
    private ClusterRun seed(Config config) {
        int port = freePort();
        ClusterSettings cs = ClusterSettings.from(config).withPort(port).withSeeds(List.of("127.0.0.1:" + port));
        return started(cs, config);
    }

    /** A member on any free port that joins the seed on {@code seedPort}. */
    private ClusterRun join(Config config, int seedPort) {
        ClusterSettings cs = ClusterSettings.from(config).withPort(0).withSeeds(List.of("127.0.0.1:" + seedPort));
        return started(cs, config);
    }

    private ClusterRun started(ClusterSettings cs, Config config) {
        ClusterRun m = ClusterRun.start(cs, config, MODELS);
        members.add(m);
        return m;
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port: " + e.getMessage(), e);
        }
    }

    /**
     * Makes {@code name}.p12 (a self-signed {@code keyAlg} key pair, CN=127.0.0.1 with the SAN ip:127.0.0.1) and
     * {@code name}-trust.p12 (its certificate only) with the JDK's keytool.
     */
    private static Stores stores(String name, String keyAlg) throws IOException, InterruptedException {
        Path keyStore = keys.resolve(name + ".p12");
        Path cert = keys.resolve(name + ".crt");
        Path trustStore = keys.resolve(name + "-trust.p12");
        keytool("-genkeypair", "-alias", name, "-keyalg", keyAlg, "-keysize", keyAlg.equals("EC") ? "256" : "2048",
                "-validity", "2", "-dname", "CN=127.0.0.1, O=nowemu test " + name, "-ext", "SAN=ip:127.0.0.1",
                "-storetype", "PKCS12", "-keystore", keyStore.toString(), "-storepass", PASSWORD);
        keytool("-exportcert", "-alias", name, "-rfc", "-file", cert.toString(),
                "-storetype", "PKCS12", "-keystore", keyStore.toString(), "-storepass", PASSWORD);
        keytool("-importcert", "-noprompt", "-alias", name, "-file", cert.toString(),
                "-storetype", "PKCS12", "-keystore", trustStore.toString(), "-storepass", PASSWORD);
        return new Stores(keyStore, trustStore);
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        cmd.add("-J-XX:TieredStopAtLevel=1"); // a short-lived JVM: starts faster without the optimising compiler
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close(); // nothing to answer: a prompt ends at once
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("keytool " + args[0] + " did not finish");
        }
        assertEquals(0, p.exitValue(), "keytool " + args[0] + ": " + out);
    }
}
