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
 */
public record Ledger(long sent, long handledOnce, long returned, SortedMap<String, Long> returnedBy,
                     long returnedAfterHandling, long endedWithCrash, long dropped, long lost, long duplicated,
                     long misdelivered, long unsent, String firstBroken, String hash) {

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
            } else if (senderCrash[p] >= 0 || discarded.contains(sorted[p])) {
                crashed++;
            } else if (unpromised.contains(sorted[p])) {
                dropped++;
            } else {
                lost++;
                fate = "lost: neither handled nor returned by the end of the run";
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
                first == null ? null : first.what, Digest.hex(Digest.finish(h)));
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
