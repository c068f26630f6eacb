package org.nowemu.actors.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.AbstractActor;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.Props;

/**
 * A benchmark of the barrier's floor, not part of a run: a bare Artery ping-pong between two actor systems in
 * two JVMs on this machine, a {@code Long} each way (Pekko's own serializer), one message in flight, over a
 * transport: {@code java --add-opens java.base/sun.nio.ch=ALL-UNNAMED -cp nowemu.jar
 * org.nowemu.actors.cluster.ArteryPingPong tcp|aeron-udp [round-trips]}. Prints the round-trip times (wall
 * time, System.nanoTime in the pinging JVM) after a warm-up of the same count. {@code -D} options (e.g.
 * {@code -Dpekko.remote.artery.advanced.aeron.idle-cpu-level=10}) reach both JVMs.
 */
public final class ArteryPingPong {
    private ArteryPingPong() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length >= 3 && args[0].equals("pong")) {
            pong(args[1], Integer.parseInt(args[2]));
            return;
        }
        String transport = args.length > 0 ? args[0] : "tcp";
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 5_000;
        ActorSystem system = ActorSystem.create("pp", config(transport));
        CompletableFuture<long[]> rtts = new CompletableFuture<>();
        system.actorOf(Props.create(Ping.class, () -> new Ping(n, rtts)), "ping");
        int port = (Integer) system.provider().getDefaultAddress().getPort().get();
        Process child = startPong(transport, port);
        try {
            long[] ns = rtts.get(300, TimeUnit.SECONDS);
            Arrays.sort(ns);
            double mean = Arrays.stream(ns).average().orElse(0) / 1e3;
            System.out.printf(Locale.ROOT, "%s: %d round trips: median %.1f us, mean %.1f us, p10 %.1f us,"
                            + " p90 %.1f us, p99 %.1f us%n", transport, n, ns[n / 2] / 1e3, mean, ns[n / 10] / 1e3,
                    ns[n * 9 / 10] / 1e3, ns[n * 99 / 100] / 1e3);
        } finally {
            child.getOutputStream().close(); // the pong JVM ends on EOF
            child.waitFor(10, TimeUnit.SECONDS);
            child.destroyForcibly();
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().get(15, TimeUnit.SECONDS);
        }
        System.exit(0);
    }

    private static Config config(String transport) {
        String dir = transport.equals("aeron-udp")
                ? AeronFiles.memberDirectory(Path.of(io.aeron.CommonContext.getAeronDirectoryName()), "aeron.dir")
                        .toString() : "";
        System.setProperty("aeron.term.buffer.sparse.file", "true");
        return ConfigFactory.parseString("pekko.actor.provider = remote\n"
                + "pekko.remote.artery.transport = " + transport + "\n"
                + "pekko.remote.artery.canonical.hostname = \"127.0.0.1\"\n"
                + "pekko.remote.artery.canonical.port = 0\n"
                + "pekko.remote.artery.advanced.aeron.aeron-dir = \"" + dir + "\"\n"
                + "pekko.remote.warn-about-direct-use = off\npekko.loglevel = WARNING\npekko.stdout-loglevel = OFF\n").withFallback(ConfigFactory.load());
    }

    private static Process startPong(String transport, int port) throws java.io.IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--add-opens");
        cmd.add("java.base/sun.nio.ch=ALL-UNNAMED");
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("-D") || a.startsWith("-X")) {
                cmd.add(a);
            }
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ArteryPingPong.class.getName(), "pong",
                transport, String.valueOf(port)));
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT)
                .redirectOutput(ProcessBuilder.Redirect.INHERIT).start();
    }

    /** The other JVM: answers every Long with itself, after saying hello to the pinging JVM. */
    private static void pong(String transport, int port) throws Exception {
        ActorSystem system = ActorSystem.create("pp", config(transport));
        ActorRef pong = system.actorOf(Props.create(Pong.class, Pong::new), "pong");
        system.actorSelection("pekko://pp@127.0.0.1:" + port + "/user/ping").tell(-1L, pong);
        while (System.in.read() >= 0) {
            // only the end matters
        }
        AeronFiles.deleteOwn();
        Runtime.getRuntime().halt(0);
    }

    private static final class Pong extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder().match(Long.class, l -> getSender().tell(l, getSelf())).build();
        }
    }

    /** Sends n warm-up round trips, then n measured ones, one at a time. */
    private static final class Ping extends AbstractActor {
        private final int n;
        private final CompletableFuture<long[]> result;
        private final long[] ns;
        private long i;
        private long sentAt;
        private ActorRef pong;

        Ping(int n, CompletableFuture<long[]> result) {
            this.n = n;
            this.result = result;
            this.ns = new long[n];
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().match(Long.class, l -> {
                long now = System.nanoTime();
                if (l == -1L) {
                    pong = getSender();
                } else if (i > n) {
                    ns[(int) (i - n - 1)] = now - sentAt;
                }
                if (i == 2L * n) {
                    result.complete(ns);
                    return;
                }
                i++;
                sentAt = System.nanoTime();
                pong.tell(i, getSelf());
            }).build();
        }
    }
}
