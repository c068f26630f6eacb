package org.nowemu.workloads.notification;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.lfc.Lfc;
import org.nowemu.protocol.lfc.LfcProgram;
import org.nowemu.protocol.system.Stack;
import org.nowemu.workloads.experiment.PairStudy;
import org.nowemu.workloads.experiment.StackPairs;
import org.nowemu.workloads.results.Series;
import org.nowemu.workloads.results.Table;

/**
 * One pair per (stack, poll slice): the client sends {@code messages} one-packet messages, one every {@code gap},
 * each carrying its send time; the server computes in slices of {@code slice} and, unless its stack is
 * interrupt-driven, polls after each. With polling, a message waits for the next poll; with interrupts, the NIC
 * preempts the computation and the host pays the signal (the profile's 24 us on ppro); with the watchdog, the NIC
 * interrupts only when no poll came within its period of the delivery. What each costs emerges from the run: the
 * server times its handlers' latency, and counts the time it spent on anything but its computation.
 *
 * <p>Counters ({@code notify.<stack>.<slice>us.}): {@code latency_ps}, {@code handled}, {@code overhead_ps} (the
 * server's elapsed time minus the computation it did), {@code signals} (interrupts it took).
 */
final class NotificationStudy implements PairStudy {
    private static final String PREFIX = "nowemu.notification.";

    private final List<Stack<?, ?>> stacks = new ArrayList<>();
    private final List<Long> slices = new ArrayList<>();
    private final List<Long> sliceList;
    private final List<Stack<?, ?>> stackList;
    private final int messages;
    private final long gapPs;
    private final long maxTimePs;

    private NotificationStudy(List<Stack<?, ?>> stackList, List<Long> sliceList, int messages, long gapPs,
                              long maxTimePs) {
        this.stackList = stackList;
        this.sliceList = sliceList;
        for (Stack<?, ?> s : stackList) {
            for (long slice : sliceList) {
                stacks.add(s);
                slices.add(slice);
            }
        }
        this.messages = messages;
        this.gapPs = gapPs;
        this.maxTimePs = maxTimePs;
    }

    static NotificationStudy read(ConfigReader r, HardwareProfile profile) {
        String key = PREFIX + "stacks";
        List<Stack<?, ?>> stacks = new ArrayList<>();
        for (Stack<?, ?> s : StackPairs.anyStacks(r, key, profile)) {
            stacks.add(s.runs(LfcProgram.class, key));
        }
        List<Long> slices = new ArrayList<>();
        List<String> texts;
        try {
            texts = r.config().getStringList(PREFIX + "slices");
        } catch (com.typesafe.config.ConfigException e) {
            throw ConfigReader.from(e);
        }
        if (texts.isEmpty()) {
            throw r.bad(PREFIX + "slices", "needs at least one slice");
        }
        for (String t : texts) {
            long ps;
            try {
                ps = VirtualTime.parse(t);
            } catch (IllegalArgumentException e) {
                throw r.bad(PREFIX + "slices", e.getMessage());
            }
            if (ps < VirtualTime.US || ps % VirtualTime.US != 0) {
                throw r.bad(PREFIX + "slices", "each slice must be a whole number of microseconds, got '" + t + "'");
            }
            slices.add(ps);
        }
        return new NotificationStudy(stacks, slices, r.intIn(PREFIX + "messages", 1, 100_000),
                r.duration(PREFIX + "gap", VirtualTime.US), r.duration(PREFIX + "max-time", VirtualTime.US));
    }

    private String key(int pair) {
        return key(stacks.get(pair).name(), slices.get(pair));
    }

    private static String key(String stack, long slice) {
        return "notify." + stack + "." + slice / VirtualTime.US + "us.";
    }

    @Override
    public List<? extends Stack<?, ?>> stacks() {
        return stacks;
    }

    @Override
    public Object client(int pair) {
        return new Client(2 * pair + 1);
    }

    @Override
    public Object server(int pair) {
        return new Server(key(pair), slices.get(pair), messages, maxTimePs);
    }

    /** Sends {@code messages} 8-byte timestamps to {@code peer}, one every {@code gapPs}, polling only in calls. */
    private final class Client implements LfcProgram {
        private final int peer;

        Client(int peer) {
            this.peer = peer;
        }

        @Override
        @continuable
        public void run(Lfc lfc) {
            lfc.interrupts(false);
            long start = lfc.now();
            byte[] b = new byte[8];
            for (int k = 0; k < messages; k++) {
                long at = start + k * gapPs;
                if (lfc.now() < at) {
                    lfc.compute(at - lfc.now());
                }
                ByteBuffer.wrap(b).putLong(lfc.now());
                lfc.send(peer, b, 8);
            }
            lfc.waitUntil(() -> false, Long.MAX_VALUE);
        }
    }

    /**
     * Computes in slices of {@code slice}, polling after each on a polling stack (interrupts preempt it otherwise),
     * until all {@code messages} have come or virtual time reaches {@code maxTimePs}; counts, under {@code k}, the
     * messages, their latency, the time not computed and the signals taken.
     */
    private record Server(String k, long slice, int messages, long maxTimePs) implements LfcProgram {
        @Override
        @continuable
        public void run(Lfc lfc) {
            Latencies got = new Latencies(lfc, k);
            lfc.upcall(got);
            boolean polls = !lfc.settings().control().key().equals("interrupts");
            long start = lfc.now();
            long computed = 0;
            long signals = lfc.counter("lfc.signals").value();
            while (got.count < messages && lfc.now() < maxTimePs) {
                lfc.compute(slice);
                computed += slice;
                if (polls) {
                    lfc.poll();
                }
            }
            lfc.counter(k + "handled").add(got.count);
            lfc.counter(k + "overhead_ps").add(lfc.now() - start - computed);
            lfc.counter(k + "signals").add(lfc.counter("lfc.signals").value() - signals);
            lfc.waitUntil(() -> false, Long.MAX_VALUE);
        }
    }

    /** The server's upcall: each message's latency from the timestamp it carries. */
    private static final class Latencies implements Lfc.Upcall {
        private final Lfc lfc;
        private final String k;
        long count;

        Latencies(Lfc lfc, String k) {
            this.lfc = lfc;
            this.k = k;
        }

        @Override
        @continuable
        public void handle(byte[] buf, int size, int sender, boolean multicast) {
            lfc.counter(k + "latency_ps").add(lfc.now() - ByteBuffer.wrap(buf).getLong());
            count++;
        }
    }

    @Override
    public long maxTimePs() {
        return maxTimePs;
    }

    private static double per(RunResult r, String k, String what, double scale) {
        long n = r.counter(k + "handled");
        return n == 0 ? Double.NaN : r.counter(k + what) / (double) n / scale;
    }

    @Override
    public SortedMap<String, Double> metrics(RunResult r) {
        TreeMap<String, Double> m = new TreeMap<>();
        for (int p = 0; p < stacks.size(); p++) {
            String k = key(p);
            PairStudy.putMeasured(m, k + "latency_us", per(r, k, "latency_ps", 1e6));
            PairStudy.putMeasured(m, k + "cpu_us_per_msg", per(r, k, "overhead_ps", 1e6));
            PairStudy.putMeasured(m, k + "interrupts_per_msg", per(r, k, "signals", 1));
        }
        return m;
    }

    @Override
    public List<Series> series(RunResult r) {
        LinkedHashMap<String, List<Double>> lat = new LinkedHashMap<>();
        LinkedHashMap<String, List<Double>> cpu = new LinkedHashMap<>();
        for (Stack<?, ?> s : stackList) {
            List<Double> l = new ArrayList<>();
            List<Double> c = new ArrayList<>();
            for (long slice : sliceList) {
                l.add(per(r, key(s.name(), slice), "latency_ps", 1e6));
                c.add(per(r, key(s.name(), slice), "overhead_ps", 1e6));
            }
            lat.put(s.name(), l);
            cpu.put(s.name(), c);
        }
        List<Double> x = sliceList.stream().map(v -> v / 1e6).toList();
        return List.of(
                Series.lines("notification-latency", "Latency (send to handler) vs the receiver's poll slice",
                        "computation between polls (us)", "us", x, lat),
                Series.lines("notification-cpu", "Receiver's host time per message (polls, signals, handlers)",
                        "computation between polls (us)", "us per message", x, cpu));
    }

    @Override
    public List<Table> tables(RunResult r) {
        List<List<String>> rows = new ArrayList<>();
        for (int p = 0; p < stacks.size(); p++) {
            String k = key(p);
            rows.add(List.of(stacks.get(p).name(), String.valueOf(slices.get(p) / VirtualTime.US),
                    Table.number(per(r, k, "latency_ps", 1e6), 1), Table.number(per(r, k, "overhead_ps", 1e6), 2),
                    Table.number(per(r, k, "signals", 1), 2)));
        }
        return List.of(new Table("notification", "Control transfer: polling, interrupts, watchdog",
                List.of("stack", "slice (us)", "latency (us)", "host CPU per message (us)", "interrupts per message"),
                rows));
    }
}
