package org.nowemu.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.nowemu.protocol.am.AmError;

/**
 * What happened to each request of a test's traffic, by the request's own number (its first argument word): who
 * sent it where, every time a handler took it (with its {@code Message.id()} and when), and every time it came back
 * to its sender. Test programs on several dispatcher threads write into it, hence synchronized; everything is kept
 * in sorted maps so that two runs compare with {@link #summary}.
 */
final class MessageLedger {
    /** number -> {sender, destination} */
    private final TreeMap<Integer, int[]> sent = new TreeMap<>();
    /** number -> times handled */
    private final TreeMap<Integer, Integer> handled = new TreeMap<>();
    /** message id -> times handled */
    private final TreeMap<Long, Integer> handledIds = new TreeMap<>();
    /** handling host -> the times it handled requests */
    private final TreeMap<Integer, List<Long>> handledAt = new TreeMap<>();
    /** number -> times returned (requests) */
    private final TreeMap<Integer, Integer> returned = new TreeMap<>();
    private final TreeSet<String> reasons = new TreeSet<>();
    private int returnedReplies;

    synchronized void sent(int number, int from, int to) {
        sent.put(number, new int[] {from, to});
    }

    synchronized void handled(int host, int number, long msgId, long at) {
        handled.merge(number, 1, Integer::sum);
        handledIds.merge(msgId, 1, Integer::sum);
        handledAt.computeIfAbsent(host, h -> new ArrayList<>()).add(at);
    }

    synchronized void returned(AmError why, boolean reply, int number) {
        reasons.add(why.name());
        if (reply) {
            returnedReplies++;
        } else {
            returned.merge(number, 1, Integer::sum);
        }
    }

    synchronized TreeMap<Integer, int[]> sent() {
        return new TreeMap<>(sent);
    }

    /** Requests handled exactly once and never returned. */
    synchronized long handledOnce() {
        return sent.keySet().stream().filter(n -> handled.getOrDefault(n, 0) == 1 && !returned.containsKey(n))
                .count();
    }

    synchronized List<Integer> handledTwice() {
        return handled.entrySet().stream().filter(e -> e.getValue() > 1).map(e -> e.getKey()).toList();
    }

    synchronized List<Long> msgIdsHandledTwice() {
        return handledIds.entrySet().stream().filter(e -> e.getValue() > 1).map(e -> e.getKey()).toList();
    }

    synchronized List<Integer> returnedTwice() {
        return returned.entrySet().stream().filter(e -> e.getValue() > 1).map(e -> e.getKey()).toList();
    }

    /** Requests sent that were neither handled nor returned. */
    synchronized List<Integer> lost() {
        return sent.keySet().stream().filter(n -> !handled.containsKey(n) && !returned.containsKey(n)).toList();
    }

    /** Requests both handled and returned whose sender and destination are both other than {@code host}. */
    synchronized List<Integer> bothNotInvolving(int host) {
        return sent.entrySet().stream().filter(e -> handled.containsKey(e.getKey()) && returned.containsKey(e.getKey())
                && e.getValue()[0] != host && e.getValue()[1] != host).map(e -> e.getKey()).toList();
    }

    /** Requests to {@code host} that it handled and that were also returned to their sender. */
    synchronized List<Integer> bothTo(int host) {
        return sent.entrySet().stream().filter(e -> handled.containsKey(e.getKey()) && returned.containsKey(e.getKey())
                && e.getValue()[1] == host).map(e -> e.getKey()).toList();
    }

    synchronized long both() {
        return sent.keySet().stream().filter(n -> handled.containsKey(n) && returned.containsKey(n)).count();
    }

    synchronized long returnedRequests() {
        return returned.size();
    }

    synchronized int returnedReplies() {
        return returnedReplies;
    }

    synchronized List<String> reasons() {
        return List.copyOf(reasons);
    }

    /** Requests host {@code host} handled at or after {@code from}. */
    synchronized long handledBy(int host, long from) {
        return handledAt.getOrDefault(host, List.of()).stream().filter(t -> t >= from).count();
    }

    /** Counts that two runs of the same traffic must share. */
    synchronized String summary() {
        return "sent " + sent.size() + ", handled once " + handledOnce() + ", returned " + returned.size()
                + " (both " + both() + "), replies returned " + returnedReplies + ", lost " + lost().size();
    }
}
