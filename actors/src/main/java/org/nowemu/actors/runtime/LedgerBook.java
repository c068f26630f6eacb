package org.nowemu.actors.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * One component's page of the run's message ledger: the application messages it sent (id, time, destination
 * address), handled (id, the address that handled it), saw come back to their sender (id, time, reason), and,
 * once its process has crashed, the messages that still reached it (delivered into a dead process, never handled). The run puts the pages together into a
 * {@link Ledger}. Ids are unique over the run (the protocol makes them from sending host, endpoint and sequence);
 * an address is a host and an endpoint ({@link #address}). Append-only; costs a few longs per message.
 *
 * <p>Two more kinds of entry let the ledger tell what a stack assumes from a defect: the faults of the run that a
 * sending process's stack assumes away, on the way to each host it sent to ({@link #assumes}), and the messages a
 * NIC still held for resending when the run ended ({@link #pending}).
 */
public final class LedgerBook {
    private long[] sentIds = new long[16];
    private long[] sentTimes = new long[16];
    private long[] sentTo = new long[16];
    private int sent;
    private long[] handledIds = new long[16];
    private long[] handledBy = new long[16];
    private int handled;
    private long[] returnedIds = new long[4];
    private long[] returnedTimes = new long[4];
    private int[] returnedReasons = new int[4];
    private int returned;
    private final List<String> reasons = new ArrayList<>();
    private long[] discarded = new long[0];
    private int discards;
    private long[] unpromised = new long[0];
    private int unpromisedCount;
    private long crashedAt = -1;
    private long[] dead = new long[0];
    private long[] pendingIds = new long[0];
    private int pendings;
    /** The faults this process's stack assumes away, asked once per destination host; null: none. */
    private Exposures exposures;
    private String stack = "";
    private final TreeSet<Integer> exposedHosts = new TreeSet<>();
    private long[] exposedTo = new long[0];
    private long[] exposedFrom = new long[0];
    private int[] exposedKinds = new int[0];
    private int exposed;
    private final List<String> kinds = new ArrayList<>();

    /** The address of endpoint {@code endpoint} of host {@code host}. */
    public static long address(int host, int endpoint) {
        return ((long) host << 20) | (endpoint & 0xfffff);
    }

    /** An address as a reader knows it: {@code h3.ep0}. */
    public static String name(long address) {
        return "h" + (address >>> 20) + ".ep" + (address & 0xfffff);
    }

    /** Message {@code id} sent at {@code atPs} to the endpoint at {@code to}. */
    public void sent(long id, long atPs, long to) {
        if (sent == sentIds.length) {
            sentIds = Arrays.copyOf(sentIds, sent * 2);
            sentTimes = Arrays.copyOf(sentTimes, sent * 2);
            sentTo = Arrays.copyOf(sentTo, sent * 2);
        }
        sentIds[sent] = id;
        sentTimes[sent] = atPs;
        sentTo[sent++] = to;
        if (exposures != null && exposedHosts.add((int) (to >>> 20))) {
            for (Exposures.Exposure x : exposures.to((int) (to >>> 20))) {
                expose(to >>> 20, x);
            }
        }
    }

    /**
     * The faults of the run that this process's stack, {@code stackName}, assumes away ({@link Exposures}): from now
     * on, the first message to
     * each host enters those on its way there on the page. Instrumentation only: asking changes nothing in the run.
     */
    public void assumes(String stackName, Exposures e) {
        stack = stackName;
        exposures = e;
    }

    private void expose(long host, Exposures.Exposure x) {
        if (exposed == exposedTo.length) {
            exposedTo = Arrays.copyOf(exposedTo, Math.max(4, exposed * 2));
            exposedFrom = Arrays.copyOf(exposedFrom, exposedTo.length);
            exposedKinds = Arrays.copyOf(exposedKinds, exposedTo.length);
        }
        int k = kinds.indexOf(x.kind());
        if (k < 0) {
            k = kinds.size();
            kinds.add(x.kind());
        }
        exposedTo[exposed] = host;
        exposedFrom[exposed] = x.fromPs();
        exposedKinds[exposed++] = k;
    }

    /**
     * Message {@code id} was still held for resending (kept, not yet acknowledged) by this component, a NIC, when
     * the run ended: neither handled nor returned yet, but not lost either; the ledger counts it as pending.
     */
    public void pending(long id) {
        if (pendings == pendingIds.length) {
            pendingIds = Arrays.copyOf(pendingIds, Math.max(4, pendings * 2));
        }
        pendingIds[pendings++] = id;
    }

    /**
     * Message {@code id} sent at {@code atPs} to {@code to} by a stack that promises nothing (the survey's basic
     * protocol: a packet the receiving NIC has no host buffer for is simply dropped). If it is neither handled nor
     * returned by the end of the run, the ledger counts it as dropped, which is no break; handled twice, handled by
     * another endpoint or made up still are.
     */
    public void sentWithoutPromise(long id, long atPs, long to) {
        sent(id, atPs, to);
        if (unpromisedCount == unpromised.length) {
            unpromised = Arrays.copyOf(unpromised, Math.max(16, unpromisedCount * 2));
        }
        unpromised[unpromisedCount++] = id;
    }

    /** Message {@code id} handled (its handler ran) by the endpoint at {@code by}. */
    public void handled(long id, long by) {
        if (handled == handledIds.length) {
            handledIds = Arrays.copyOf(handledIds, handled * 2);
            handledBy = Arrays.copyOf(handledBy, handled * 2);
        }
        handledIds[handled] = id;
        handledBy[handled++] = by;
    }

    /** Message {@code id} came back to its sender at {@code atPs}, undelivered for {@code reason}. */
    public void returned(long id, long atPs, String reason) {
        if (returned == returnedIds.length) {
            returnedIds = Arrays.copyOf(returnedIds, returned * 2);
            returnedTimes = Arrays.copyOf(returnedTimes, returned * 2);
            returnedReasons = Arrays.copyOf(returnedReasons, returned * 2);
        }
        int r = reasons.indexOf(reason);
        if (r < 0) {
            r = reasons.size();
            reasons.add(reason);
        }
        returnedIds[returned] = id;
        returnedTimes[returned] = atPs;
        returnedReasons[returned++] = r;
    }

    /**
     * The component's process crashed at {@code atPs}: messages it sent that were neither handled nor returned
     * ended with it, and the ledger says so instead of calling them lost.
     */
    public void crashed(long atPs) {
        crashedAt = atPs;
    }

    /**
     * As {@link #crashed(long)}, for a process that keeps no account of what reached it once dead (a comparison
     * system's library: its NIC goes on writing into the dead process's memory, or holds or drops what it has no
     * room for): every message to {@code address}, its address, that it had not handled ends with it too.
     */
    public void crashed(long atPs, long address) {
        crashed(atPs);
        dead = Arrays.copyOf(dead, dead.length + 1);
        dead[dead.length - 1] = address;
    }

    /** Message {@code id} reached this component's process after it had crashed: it ends here, unhandled. */
    public void discarded(long id) {
        if (discards == discarded.length) {
            discarded = Arrays.copyOf(discarded, Math.max(4, discards * 2));
        }
        discarded[discards++] = id;
    }

    /** What the page holds, in the form the wire carries. */
    public LedgerEntries entries() {
        return new LedgerEntries(Arrays.copyOf(sentIds, sent), Arrays.copyOf(sentTimes, sent),
                Arrays.copyOf(sentTo, sent), Arrays.copyOf(handledIds, handled), Arrays.copyOf(handledBy, handled),
                Arrays.copyOf(returnedIds, returned), Arrays.copyOf(returnedTimes, returned),
                Arrays.copyOf(returnedReasons, returned), reasons.toArray(new String[0]), Arrays.copyOf(discarded, discards),
                Arrays.copyOf(unpromised, unpromisedCount), crashedAt, dead.clone(),
                Arrays.copyOf(pendingIds, pendings),
                Arrays.copyOf(exposedTo, exposed), Arrays.copyOf(exposedFrom, exposed),
                Arrays.copyOf(exposedKinds, exposed), kinds.toArray(new String[0]), stack);
    }
}
