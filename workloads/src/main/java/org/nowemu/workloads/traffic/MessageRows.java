package org.nowemu.workloads.traffic;

import java.util.List;
import org.nowemu.actors.runtime.RunResult;

/**
 * The per-message CSV ({@code nowemu.traffic.messages-csv}): each host's program records, as outcomes of its
 * process, when it sent each of its messages ({@link Sent}) and when each message for it arrived ({@link Received});
 * after the run the two are joined by sender and index into one row per message that arrived.
 */
public final class MessageRows {
    /** Rank {@code source}'s message {@code index} of job {@code job} left the program at {@code at} (ps). */
    public record Sent(String job, int source, int index, long at) {
    }

    /** Rank {@code source}'s message {@code index} of job {@code job} arrived at its destination at {@code at}. */
    public record Received(String job, int source, int index, long at) {
    }

    private MessageRows() {
    }

    /**
     * The CSV: job, phase, source and destination host, bytes, created, sent and received (ps); receivers in host
     * order, each one's messages in the order they arrived.
     */
    static String csv(TrafficWorkload.Planned planned, RunResult r) {
        List<TrafficSettings.Job> jobs = planned.settings().jobs();
        java.util.TreeMap<String, Integer> index = new java.util.TreeMap<>();
        long[][][] sent = new long[jobs.size()][][];
        for (int j = 0; j < jobs.size(); j++) {
            index.put(jobs.get(j).name(), j);
            Schedule s = planned.schedules().get(j);
            sent[j] = new long[s.time.length][];
            for (int i = 0; i < s.time.length; i++) {
                sent[j][i] = new long[s.time[i].length];
                java.util.Arrays.fill(sent[j][i], -1);
            }
        }
        for (Sent x : r.outcomes(Sent.class)) {
            sent[index.get(x.job())][x.source()][x.index()] = x.at();
        }
        StringBuilder b = new StringBuilder("job,phase,source,destination,bytes,created_ps,sent_ps,received_ps\n");
        for (Received x : r.outcomes(Received.class)) {
            int j = index.get(x.job());
            TrafficSettings.Job job = jobs.get(j);
            Schedule s = planned.schedules().get(j);
            int k = x.index();
            b.append(job.name()).append(',').append(s.labels.get(s.phase[x.source()][k])).append(',')
                    .append(job.hosts().get(x.source())).append(',').append(job.hosts().get(s.dest[x.source()][k]))
                    .append(',').append(s.size[x.source()][k]).append(',').append(s.time[x.source()][k]).append(',')
                    .append(sent[j][x.source()][k]).append(',').append(x.at()).append('\n');
        }
        return b.toString();
    }
}
