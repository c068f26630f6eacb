package org.nowemu.actors.cluster;

import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.nowemu.actors.runtime.ComponentReport;
import org.nowemu.actors.runtime.Event;
import org.nowemu.actors.runtime.Exchange;
import org.nowemu.actors.runtime.ExitDelays;
import org.nowemu.actors.runtime.LaneGroup;
import org.nowemu.actors.runtime.RunFailure;
import org.nowemu.actors.wire.WireRegistry;

/**
 * The {@link Exchange} of a member's lanes, and the barrier between members, with no one in the middle: at the
 * end of each global window a member sends every other member one {@link MemberAgent.Window} report (its
 * earliest pending time, its earliest output time, the messages it produced for that member, and for each member
 * the earliest time those messages could make it send in turn); when it holds the reports of all members for
 * that window, it computes the next one by itself. Every member computes the same global figures from the same
 * reports, so they agree without a coordinator round trip.
 *
 * <p>Member p's next window is [its earliest event, E_p), clipped to the horizon. E_p is the least, over the
 * other members q, of q's earliest output time O_q (its pending work plus {@link ExitDelays}, lowered by what
 * was just sent to it) and of min over r other than p and q of O_r plus q's least exit delay (a message r
 * sends q during the window that q passes on to p later); and, when another member has work before O_p plus p's
 * least exit delay (work it could run in the next window if p stopped at O_p), of O_p itself, so that busy members
 * keep in step (they all stop at the least output of any, as lanes do). Inside it,
 * p's lanes run their own windows ({@link LaneGroup}), and each message they send another member lowers E_p to
 * that message's time plus its target's exit delay (the earliest anything it causes could come back). No message
 * can reach p below E_p, since members exchange messages only at barriers. A member whose neighbours are idle and
 * which sends them nothing runs to the horizon in one window.
 *
 * <p>The run ends when the global earliest time reaches the horizon (every member sees it in the same window)
 * or when a report carries a failure (every member sees the same earliest one; each tells the coordinator).
 * Progress goes to the coordinator every {@value #PROGRESS_EVERY} windows, and while the member works through a
 * long window, whenever {@code heartbeatNanos} of wall time have passed since the last: the submitter stops a
 * run it hears nothing of for {@code nowemu.cluster.progress-timeout}, and a member far ahead of the others
 * (its neighbours idle) may be alone at work for long. Wall time decides only when a report is sent, never
 * what the model does. The lanes' threads and the member agent's thread all call in, so every entry point holds
 * this object's lock.
 */
final class MemberExchange implements Exchange {
    private static final int PROGRESS_EVERY = 32;
    /** Messages per report part: 256 events of at most a packet (8 KiB of body) each fit Artery's 4 MiB frame. */
    static final int EVENTS_PER_PART = 256;
    private final long job;
    private final int member;
    private final int members;
    private final long horizon;
    private final long[] exitDelays;
    /** Per member, the least exit delay of its components. */
    private final long[] leastExit;
    private final ActorRef<Coordinator.Command> coordinator;
    /** The wire's class table, to check the final reports' outcomes against. */
    private final WireRegistry registry;
    private final List<ActorRef<MemberAgent.Command>> peers;
    private final MemberAgent.Window[] current;
    private final MemberAgent.Window[] next;
    /** Per member, the report being put together from its parts, and how many parts are in. */
    private final MemberAgent.Window[] assembling;
    private final int[] partsIn;
    private LaneGroup lanes;
    private boolean aborted;
    private long seq;
    private RunFailure failure;
    // Totals for the coordinator.
    private long handled;
    private long crossed;
    private long waitNanos;
    /** Wall time the lanes worked: from the opening of each member window to their report (ns). */
    private long busyNanos;
    /** Of the wait, what the other members' longer work took, and windows where some member had nothing to do. */
    private long lagNanos;
    private long loneWindows;
    /** This member's events and busy time in the window it reported last. */
    private long windowHandled;
    private long windowBusy;
    private long openedAt;
    private long reportedAt;
    private long startedAt;
    // Liveness: the last global time every member reached, when progress last went out, and how often it must.
    private long completed;
    private long progressAt;
    private final long heartbeatNanos;

    MemberExchange(long job, int member, List<ActorRef<MemberAgent.Command>> peers, long horizon,
                   int[] partitionOf, long[] exitDelays, ActorRef<Coordinator.Command> coordinator,
                   WireRegistry registry, long heartbeatNanos) {
        this.registry = registry;
        this.heartbeatNanos = heartbeatNanos;
        this.job = job;
        this.member = member;
        this.members = peers.size();
        this.peers = List.copyOf(peers);
        this.horizon = horizon;
        this.exitDelays = exitDelays;
        this.leastExit = new long[members];
        java.util.Arrays.fill(leastExit, Long.MAX_VALUE);
        for (int id = 0; id < partitionOf.length; id++) {
            leastExit[partitionOf[id]] = Math.min(leastExit[partitionOf[id]], exitDelays[id]);
        }
        this.coordinator = coordinator;
        this.current = new MemberAgent.Window[members];
        this.next = new MemberAgent.Window[members];
        this.assembling = new MemberAgent.Window[members];
        this.partsIn = new int[members];
    }

    /** The member's lanes are built and wait for {@link #begin}: the member is ready. */
    synchronized void register(LaneGroup group) {
        lanes = group;
        if (aborted) {
            group.abort();
            return;
        }
        coordinator.tell(new Coordinator.Ready(job, member));
    }

    /** The run begins: the components start (the member's window 0), on this thread. */
    synchronized void begin() {
        startedAt = System.nanoTime(); // speed statistics and liveness only
        progressAt = startedAt;
        openedAt = startedAt;
        lanes.begin();
    }

    /** The run is stopped from outside: the lanes stop wherever they are. */
    synchronized void abort() {
        aborted = true;
        if (lanes != null) {
            lanes.abort();
        }
    }

    @Override
    public synchronized void windowClosed(long localMin, long earliestOutput, List<List<Event>> out,
                                          long handledInWindow, RunFailure lanesFailure) {
        handled += handledInWindow;
        windowHandled = handledInWindow;
        windowBusy = System.nanoTime() - openedAt;
        busyNanos += windowBusy;
        if (lanesFailure != null && lanesFailure.before(failure)) {
            failure = lanesFailure;
        }
        long[] input = new long[members];
        java.util.Arrays.fill(input, Long.MAX_VALUE);
        long min = localMin;
        for (int q = 0; q < members; q++) {
            for (Event e : out.get(q)) {
                min = Math.min(min, e.time());
                input[q] = Math.min(input[q], ExitDelays.after(e.time(), exitDelays[e.target()]));
            }
        }
        report(min, earliestOutput, out, input);
    }

    @Override
    public synchronized void working(long handledSoFar) {
        if (System.nanoTime() - progressAt >= heartbeatNanos) {
            progress(); // still at work, perhaps far into a long window
        }
    }

    @Override
    public synchronized void crashed(String why) {
        coordinator.tell(new Coordinator.Refused(job, member, why));
    }

    private void report(long min, long earliestOutput, List<List<Event>> outgoing, long[] input) {
        for (int q = 0; q < members; q++) {
            if (q != member) {
                List<Event> all = outgoing.get(q);
                crossed += all.size();
                // In parts, so that no message outgrows Artery's frame (a message too large is dropped, and the
                // run would wait for it for ever).
                int parts = Math.max(1, (all.size() + EVENTS_PER_PART - 1) / EVENTS_PER_PART);
                for (int k = 0; k < parts; k++) {
                    ArrayList<Event> part = new ArrayList<>(
                            all.subList(k * EVENTS_PER_PART, Math.min(all.size(), (k + 1) * EVENTS_PER_PART)));
                    peers.get(q).tell(new MemberAgent.Window(job, member, seq, parts, min, earliestOutput, input,
                            part, failure, windowHandled, windowBusy));
                }
            }
        }
        MemberAgent.Window own = new MemberAgent.Window(job, member, seq, 1, min, earliestOutput, input,
                new ArrayList<>(), failure, windowHandled, windowBusy);
        reportedAt = System.nanoTime();
        current[member] = own;
        advanceIfComplete();
    }

    /** A part of another member's report (from the agent's thread); parts arrive in order, all before the next. */
    synchronized void received(MemberAgent.Window part) {
        MemberAgent.Window w = part;
        if (part.parts() > 1) {
            MemberAgent.Window sofar = assembling[part.from()];
            if (sofar == null) {
                sofar = new MemberAgent.Window(job, part.from(), part.seq(), part.parts(), part.min(),
                        part.earliestOutput(), part.inputTo(), new ArrayList<>(), part.failure(), part.handled(),
                        part.busyNanos());
                assembling[part.from()] = sofar;
            }
            sofar.events().addAll(part.events());
            if (++partsIn[part.from()] < part.parts()) {
                return;
            }
            assembling[part.from()] = null;
            partsIn[part.from()] = 0;
            w = sofar;
        }
        if (w.seq() == seq) {
            current[w.from()] = w;
            advanceIfComplete();
        } else {
            // A member can be one window ahead: it had every report of this window before this member did.
            next[w.from()] = w;
        }
    }

    private void advanceIfComplete() {
        for (MemberAgent.Window w : current) {
            if (w == null) {
                return;
            }
        }
        waitNanos += System.nanoTime() - reportedAt;
        tally();
        long start = Long.MAX_VALUE;
        RunFailure first = null;
        long[] earliest = new long[members];
        long[] output = new long[members];
        ArrayList<Event> incoming = new ArrayList<>();
        for (int q = 0; q < members; q++) {
            MemberAgent.Window w = current[q];
            earliest[q] = w.min();
            start = Math.min(start, w.min());
            if (w.failure() != null && w.failure().before(first)) {
                first = w.failure();
            }
            output[q] = w.earliestOutput();
            incoming.addAll(w.events());
        }
        for (MemberAgent.Window w : current) {
            for (int q = 0; q < members; q++) {
                output[q] = Math.min(output[q], w.inputTo()[q]);
            }
        }
        long end = windowEnd(member, horizon, earliest, output, leastExit);
        long done = seq;
        seq++;
        System.arraycopy(next, 0, current, 0, members);
        java.util.Arrays.fill(next, null);
        if (first != null) {
            coordinator.tell(new Coordinator.Halted(job, member, first));
            return;
        }
        completed = Math.min(start, horizon);
        if (done % PROGRESS_EVERY == 0) {
            progress();
        }
        if (start >= horizon) {
            lanes.finish(incoming);
            return;
        }
        openedAt = System.nanoTime();
        lanes.openWindow(end, incoming);
    }

    /** Speed figures of the window just complete: what the longest member's work cost this one, and turn-taking. */
    private void tally() {
        lagNanos += lag(current, member);
        loneWindows += tookTurns(current) ? 1 : 0;
    }

    /** How much longer than member {@code p}'s lanes the busiest member's worked in a window ({@code reports}, ns). */
    static long lag(MemberAgent.Window[] reports, int p) {
        long longest = 0;
        for (MemberAgent.Window w : reports) {
            longest = Math.max(longest, w.busyNanos());
        }
        return longest - reports[p].busyNanos();
    }

    /** Whether in a window ({@code reports}) some member handled events while another handled none. */
    static boolean tookTurns(MemberAgent.Window[] reports) {
        boolean worked = false;
        boolean idle = false;
        for (MemberAgent.Window w : reports) {
            worked |= w.handled() > 0;
            idle |= w.handled() == 0;
        }
        return worked && idle;
    }

    /**
     * Where member {@code p}'s next window ends (see the class comment), from every member's earliest pending time
     * ({@code earliest}), earliest output time ({@code output}, lowered by what was sent to it) and least exit delay.
     */
    static long windowEnd(int p, long horizon, long[] earliest, long[] output, long[] leastExit) {
        int members = output.length;
        // A member may also send later because of what a third member sends it during the window: the first
        // such message leaves r no earlier than output[r], and q passes it on no sooner than its least exit
        // delay after. Longer chains only add delays.
        long end = horizon;
        boolean othersFirst = false;
        for (int q = 0; q < members; q++) {
            if (q == p) {
                continue;
            }
            long others = Long.MAX_VALUE;
            for (int r = 0; r < members; r++) {
                // What p sends q, p knows as it sends it (see windowClosed).
                if (r != q && r != p) {
                    others = Math.min(others, output[r]);
                }
            }
            end = Math.min(end, Math.min(output[q], ExitDelays.after(others, leastExit[q])));
            othersFirst |= earliest[q] < ExitDelays.after(output[p], leastExit[p]);
        }
        if (othersFirst) {
            // In step: while another member has work that it could run in the next window were p to stop at its
            // own earliest output (p's next output then comes at least its least exit delay later), p stops there,
            // as the lanes of one JVM all stop at the least output of any. Run on, a member got ahead of the others,
            // and on a fat tree whose traffic crosses the cut every cable's length both ways the members fell into
            // taking turns, each global window holding work for one of them only. Stopping only for work before
            // p's own output missed by a picosecond a member whose work began just after it (its earliest at
            // 3,848.415 us, the other's output at 3,848.414 us): fat-tree-4096 over 2 JVMs cut as the lanes are took
            // turns in 24,637 of 44,172 windows that way (95.7 s), in 1,771 of 48,676 this way (77.3 s; BENCHMARKS.md,
            // "Two JVMs in step").
            end = Math.min(end, output[p]);
        }
        return end;
    }

    @Override
    public synchronized void finished(List<ComponentReport> reports, RunFailure partitionFailure) {
        long wall = System.nanoTime() - startedAt;
        Coordinator.MemberStats stats = new Coordinator.MemberStats(seq, handled, crossed, waitNanos, wall,
                lanes.lanes(), busyNanos, lagNanos, loneWindows);
        WireCheck.Checked checked = WireCheck.outcomes(reports, registry, partitionFailure);
        List<ArrayList<ComponentReport>> chunks = Wire.chunks(checked.reports());
        for (int i = 0; i < chunks.size(); i++) {
            boolean last = i == chunks.size() - 1;
            coordinator.tell(new Coordinator.Reports(job, member, chunks.get(i), last, checked.failure(),
                    last ? stats : null));
        }
    }


    private void progress() {
        coordinator.tell(new Coordinator.Progress(job, member, completed, handled, seq, busyNanos));
        progressAt = System.nanoTime();
    }
}
