package org.nowemu.actors.runtime;

import java.util.Arrays;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.nowemu.actors.stats.Digest;
import org.nowemu.actors.time.VirtualTime;

/**
 * The fate of every application message of a run, put together from the components' {@link LedgerBook} pages. A
 * message was sent once and then, by the end of the run, was handled exactly once by the endpoint it was sent to,
 * or came back to its sender with a reason; anything else breaks the ledger: handled twice or returned twice
 * (duplicated), handled by another endpoint (misdelivered), neither handled nor returned (lost: it may still be
 * somewhere, but the run is over), or handled or returned without having been sent (unsent). Two outcomes are
 * not breaks: a message handled and also returned (its ACK was lost, so its sender could not know it arrived:
 * AM-II's return-to-sender allows this), one that ended with a crashed process (sent by a process that
 * crashed, or delivered to one after its crash), and one neither handled nor returned that its stack never promised
 * to deliver ({@link LedgerBook#sentWithoutPromise}: the survey's basic protocol drops a packet when the receiver has
 * no free buffer): that one is counted as dropped.
 *
 * <p>Three more outcomes of a message neither handled nor returned are not breaks. Pending: a NIC still held it for
 * resending when the run ended ({@link LedgerBook#pending}); the horizon came first. Ended with a crash also covers a
 * message to a crashed process that keeps no account of what reached it ({@link LedgerBook#crashed(long, long)}).
 * Lost to an assumption ({@code lostToAssumption}, by fault kind): its stack assumes away a kind of fault (FM
 * assumes Myrinet loses nothing; PM keeps its retransmission state in NIC memory, which a power cycle wipes) and
 * the run has such a fault on the message's way ({@link Exposures}): on a cable or switch of the route from its
 * sending host to its destination host or back, at either host (its NIC's power, its processes), or bit errors of
 * the link itself. This is an exposure rule, not a trace of the packet: the fault may have hit another packet
 * (a credit, an ACK, an import's answer) whose loss starved this message, and its damage counts from when the fault
 * first held to the end of the run, since what it wiped stays wiped. So a loss with no fault at all, or only under
 * faults the stack claims to survive, or on a path the assumed fault did not touch, still breaks the ledger; a loss
 * that a defect caused on a path an assumed fault did touch is counted as the assumption's.
 *
 * @param sent                  application messages sent
 * @param handledOnce           handled exactly once, by their destination, and not returned
 * @param returned              returned to their sender and not handled
 * @param returnedBy            those by reason
 * @param returnedAfterHandling handled once and also returned (the sender could not know)
 * @param endedWithCrash        neither handled nor returned because a process at one end crashed
 * @param dropped               neither handled nor returned, sent by a stack that promises no delivery
 * @param lost                  neither handled nor returned by the end of the run
 * @param duplicated            handled or returned more than once
 * @param misdelivered          handled by an endpoint other than the one it was sent to
 * @param unsent                handled or returned but never sent
 * @param firstBroken           the earliest-sent message that breaks the ledger, described (its id, the system
 *                              the id names, sender, destination, fate); null if none
 * @param hash                  digest of every message's fate in id order (hex)
 * @param lostToAssumption      neither handled nor returned, a fault its stack assumes away on its way: by stack,
 *                              then by fault kind
 * @param pending               neither handled nor returned, still held for resending when the run ended
 */
public record Ledger(long sent, long handledOnce, long returned, SortedMap<String, Long> returnedBy,
                     long returnedAfterHandling, long endedWithCrash, long dropped, long lost, long duplicated,
                     long misdelivered, long unsent, String firstBroken, String hash,
                     SortedMap<String, SortedMap<String, Long>> lostToAssumption, long pending) {

    /** Whether every message was handled once or returned. */
    public boolean kept() {
        return lost == 0 && duplicated == 0 && misdelivered == 0 && unsent == 0;
    }

    /** Whether the run had any application messages (a run of plain components has none). */
    public boolean any() {
        return sent > 0 || unsent > 0;
    }

    /** The ledger of a run from its components' reports. */
    public static Ledger of(List<ComponentReport> reports) {
        int n = 0;
        TreeSet<String> reasonNames = new TreeSet<>();
        TreeSet<Long> discarded = new TreeSet<>();
        TreeSet<Long> unpromised = new TreeSet<>();
        TreeSet<Long> dead = new TreeSet<>();
        TreeSet<Long> pendingIds = new TreeSet<>();
        for (ComponentReport r : reports) {
            LedgerEntries e = r.ledger();
            n += e.sentIds().length;
            reasonNames.addAll(Arrays.asList(e.reasons()));
            for (long id : e.discarded()) {
                discarded.add(id);
            }
            for (long id : e.unpromised()) {
                unpromised.add(id);
            }
            for (long a : e.dead()) {
                dead.add(a);
            }
            for (long id : e.pending()) {
                pendingIds.add(id);
            }
        }
        long[] ids = new long[n];
        int k = 0;
        for (ComponentReport r : reports) {
            long[] s = r.ledger().sentIds();
            System.arraycopy(s, 0, ids, k, s.length);
            k += s.length;
        }
        long[] sorted = ids.clone();
        Arrays.sort(sorted);
        long[] time = new long[n];
        long[] to = new long[n];
        long[] senderCrash = new long[n];
        int[] sender = new int[n];
        byte[] handled = new byte[n];
        byte[] back = new byte[n];
        int[] reason = new int[n];
        boolean[] wrongPlace = new boolean[n];
        long unsent = 0;
        long duplicated = 0;
        Broken first = null;
        for (int i = 1; i < n; i++) {
            if (sorted[i] == sorted[i - 1]) {
                // Two messages under one id: the protocol broke its own numbering.
                duplicated++;
                first = Broken.earlier(first, new Broken(Long.MAX_VALUE, sorted[i], "message " + hex(sorted[i])
                        + " was sent twice under one id"));
            }
        }
        List<String> reasonList = List.copyOf(reasonNames);
        for (int c = 0; c < reports.size(); c++) {
            LedgerEntries e = reports.get(c).ledger();
            for (int i = 0; i < e.sentIds().length; i++) {
                int p = Arrays.binarySearch(sorted, e.sentIds()[i]);
                time[p] = e.sentTimes()[i];
                to[p] = e.sentTo()[i];
                senderCrash[p] = e.crashedAt();
                sender[p] = c;
            }
        }
        for (ComponentReport r : reports) {
            LedgerEntries e = r.ledger();
            for (int i = 0; i < e.handledIds().length; i++) {
                int p = Arrays.binarySearch(sorted, e.handledIds()[i]);
                if (p < 0) {
                    unsent++;
                    first = Broken.earlier(first, new Broken(Long.MAX_VALUE, e.handledIds()[i], "message "
                            + hex(e.handledIds()[i]) + " was handled by " + LedgerBook.name(e.handledBy()[i])
                            + " but never sent"));
                    continue;
                }
                handled[p] = (byte) Math.min(100, handled[p] + 1);
                wrongPlace[p] |= e.handledBy()[i] != to[p];
            }
            for (int i = 0; i < e.returnedIds().length; i++) {
                int p = Arrays.binarySearch(sorted, e.returnedIds()[i]);
                if (p < 0) {
                    unsent++;
                    first = Broken.earlier(first, new Broken(e.returnedTimes()[i], e.returnedIds()[i], "message "
                            + hex(e.returnedIds()[i]) + " came back to " + r.name() + " but was never sent"));
                    continue;
                }
                back[p] = (byte) Math.min(100, back[p] + 1);
                reason[p] = reasonList.indexOf(e.reasons()[e.returnedReasons()[i]]);
            }
        }
        long handledOnce = 0;
        long returned = 0;
        long afterHandling = 0;
        long crashed = 0;
        long dropped = 0;
        long lost = 0;
        long pending = 0;
        TreeMap<String, SortedMap<String, Long>> toAssumption = new TreeMap<>();
        long misdelivered = 0;
        long[] byReason = new long[reasonList.size()];
        long h = 0x243F6A8885A308D3L;
        for (int p = 0; p < n; p++) {
            h = Digest.mix(Digest.mix(h, sorted[p]), handled[p] * 1_000_003L + back[p] * 1009L
                    + (back[p] > 0 ? reason[p] : -1) + (wrongPlace[p] ? 7 : 0));
            String fate = null;
            if (handled[p] > 1 || back[p] > 1) {
                duplicated++;
                fate = handled[p] > 1 ? "handled " + handled[p] + " times" : "returned " + back[p] + " times";
            } else if (wrongPlace[p]) {
                misdelivered++;
                fate = "handled by an endpoint it was not sent to";
            } else if (handled[p] == 1 && back[p] == 0) {
                handledOnce++;
            } else if (handled[p] == 0 && back[p] == 1) {
                returned++;
                byReason[reason[p]]++;
            } else if (handled[p] == 1) {
                afterHandling++;
            } else if (senderCrash[p] >= 0 || discarded.contains(sorted[p]) || dead.contains(to[p])) {
                crashed++;
            } else if (unpromised.contains(sorted[p])) {
                dropped++;
            } else if (pendingIds.contains(sorted[p])) {
                pending++;
            } else {
                LedgerEntries page = reports.get(sender[p]).ledger();
                String kind = assumed(page, to[p] >>> 20);
                if (kind != null) {
                    toAssumption.computeIfAbsent(page.stack(), x -> new TreeMap<>()).merge(kind, 1L, Long::sum);
                } else {
                    lost++;
                    fate = "lost: neither handled nor returned by the end of the run";
                }
            }
            if (fate != null) {
                first = Broken.earlier(first, new Broken(time[p], sorted[p], "message " + hex(sorted[p]) + " from "
                        + reports.get(sender[p]).name() + " to " + LedgerBook.name(to[p]) + ", sent at "
                        + VirtualTime.format(time[p]) + ", " + fate));
            }
        }
        TreeMap<String, Long> by = new TreeMap<>();
        for (int i = 0; i < byReason.length; i++) {
            if (byReason[i] > 0) {
                by.put(reasonList.get(i), byReason[i]);
            }
        }
        return new Ledger(n, handledOnce, returned, by, afterHandling, crashed, dropped, lost, duplicated, misdelivered, unsent,
                first == null ? null : first.what, Digest.hex(Digest.finish(h)), toAssumption, pending);
    }

    /** Messages neither handled nor returned that a fault their stack assumes away accounts for, by fault kind. */
    public SortedMap<String, Long> lostToAssumptionByKind() {
        TreeMap<String, Long> by = new TreeMap<>();
        for (SortedMap<String, Long> kinds : lostToAssumption.values()) {
            kinds.forEach((k, v) -> by.merge(k, v, Long::sum));
        }
        return by;
    }

    /** Messages neither handled nor returned that a fault their stack assumes away accounts for. */
    public long lostToAssumptions() {
        long n = 0;
        for (long v : lostToAssumptionByKind().values()) {
            n += v;
        }
        return n;
    }

    /**
     * The kind of the earliest assumed-away fault that the sender of page {@code e} met on the way to host
     * {@code host} (then the first kind by name), or null if none.
     */
    private static String assumed(LedgerEntries e, long host) {
        String kind = null;
        long from = Long.MAX_VALUE;
        for (int i = 0; i < e.exposedTo().length; i++) {
            String k = e.kinds()[e.exposedKinds()[i]];
            long f = e.exposedFrom()[i];
            if (e.exposedTo()[i] == host && (kind == null || f < from || (f == from && k.compareTo(kind) < 0))) {
                kind = k;
                from = f;
            }
        }
        return kind;
    }

    /** An id as the ledger names it: in hex, and the system it is of ({@link LedgerIds}). */
    private static String hex(long id) {
        return "0x" + Long.toHexString(id) + " (" + LedgerIds.systemName(id) + ")";
    }

    /** A message that breaks the ledger; the earliest sent (then lowest id) is the one named. */
    private record Broken(long time, long id, String what) {
        static Broken earlier(Broken a, Broken b) {
            if (a == null) {
                return b;
            }
            return b.time < a.time || (b.time == a.time && b.id < a.id) ? b : a;
        }
    }
}
