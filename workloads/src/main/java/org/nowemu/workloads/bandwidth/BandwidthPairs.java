package org.nowemu.workloads.bandwidth;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.am.Am;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.AmSystem;
import org.nowemu.protocol.am.Endpoint;
import org.nowemu.protocol.am.EndpointName;
import org.nowemu.protocol.am.Handler;
import org.nowemu.protocol.am.Message;
import org.nowemu.protocol.am.Token;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.system.Stack;
import org.nowemu.workloads.experiment.PairStudy;
import org.nowemu.workloads.results.Series;

/**
 * Medium-message bandwidth against size on one host pair per (stack, DMA mode). The client streams medium
 * requests as fast as its credits allow; the server's handler answers each with a short reply. Bandwidth is the
 * data of the timed messages over the time between the replies of the first timed message's predecessor and the
 * last message, as the client's clock sees them: both counted in the run.
 */
final class BandwidthPairs implements PairStudy {
    private static final int TAG = 0xba9d;

    /** The pairs: stack i, mode j. */
    record Variant(StackSettings stack, String mode) {
        String key() {
            return "bw." + stack.name() + "." + mode + ".";
        }
    }

    private final BandwidthSettings settings;
    private final List<Variant> variants = new ArrayList<>();

    BandwidthPairs(BandwidthSettings settings) {
        this.settings = settings;
        for (StackSettings stack : settings.stacks()) {
            for (String mode : settings.modes()) {
                variants.add(new Variant(stack.withStreaming(mode.equals("streaming")), mode));
            }
        }
    }

    @Override
    public List<Stack<StackSettings, AmProgram>> stacks() {
        return variants.stream().map(v -> AmSystem.stack(v.stack())).toList();
    }

    @Override
    public AmProgram client(int pair) {
        return client(variants.get(pair), settings);
    }

    @Override
    public AmProgram server(int pair) {
        return server();
    }

    @Override
    public long maxTimePs() {
        return settings.maxTimePs();
    }

    static AmProgram server() {
        return new Server();
    }

    static AmProgram client(Variant v, BandwidthSettings s) {
        return new Client(v, s);
    }

    /**
     * A message of {@code size} bytes whose first byte is its number (a method of its own: javaflow's weaver cannot
     * analyse a byte array element store in the continuable program).
     */
    private static byte[] numbered(int size, int i) {
        byte[] data = new byte[size];
        data[0] = (byte) i;
        return data;
    }

    @Override
    public SortedMap<String, Double> metrics(RunResult r) {
        TreeMap<String, Double> m = new TreeMap<>();
        for (Variant v : variants) {
            for (int size : settings.sizes()) {
                long ps = r.counter(v.key() + size + "_ps");
                if (ps > 0) {
                    m.put(v.key() + size + "B_MBps", r.counter(v.key() + size + "_bytes") / (ps / 1e12) / 1e6);
                }
            }
        }
        return m;
    }

    @Override
    public List<Series> series(RunResult r) {
        SortedMap<String, Double> m = metrics(r);
        java.util.LinkedHashMap<String, List<Double>> ys = new java.util.LinkedHashMap<>();
        for (Variant v : variants) {
            List<Double> col = new ArrayList<>();
            for (int size : settings.sizes()) {
                col.add(m.getOrDefault(v.key() + size + "B_MBps", Double.NaN));
            }
            ys.put(v.stack().name() + " " + v.mode(), col);
        }
        return List.of(Series.lines("bandwidth", "Bandwidth vs medium-message size", "message size (bytes)", "MB/s",
                Series.of(settings.sizes()), ys));
    }

    private static final class Server implements AmProgram {
        @Override
        @continuable
        public void run(Am am) {
            Endpoint ep = am.endpoint(TAG);
            ep.setHandler(1, new LengthReply());
            am.pollUntil(() -> false);
        }
    }

    private record Client(Variant v, BandwidthSettings s) implements AmProgram {
        @Override
        @continuable
        public void run(Am am) {
            Endpoint ep = am.endpoint(TAG);
            ep.map(0, new EndpointName(am.host() + 1, 0), TAG);
            long[] replies = {0};
            long[] at = new long[s.messages() + 1];
            ep.setHandler(2, new ReplyTime(am, replies, at));
            int skip = ep.credits();
            for (int size : s.sizes()) {
                replies[0] = 0;
                for (int i = 0; i < s.messages(); i++) {
                    ep.requestMedium(0, 1, numbered(size, i));
                }
                am.pollUntil(() -> replies[0] == s.messages());
                am.counter(v.key() + size + "_bytes").add((long) (s.messages() - skip) * size);
                am.counter(v.key() + size + "_ps").add(at[s.messages()] - at[skip]);
            }
        }
    }

    /** Answers a request with a reply carrying its length. */
    private static final class LengthReply implements Handler {
        @Override
        @continuable
        public void handle(Token token, Message m) {
            token.reply(2, m.length());
        }
    }

    /** Notes when each reply arrived: {@code at[n]}, for the {@code n}th reply counted in {@code replies[0]}. */
    private record ReplyTime(Am am, long[] replies, long[] at) implements Handler {
        @Override
        @continuable
        public void handle(Token token, Message m) {
            at[(int) ++replies[0]] = am.now();
        }
    }
}
