package org.nowemu.protocol.am.parts.paging;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.am.parts.channels.ChannelSender;
import org.nowemu.protocol.am.parts.endpoints.EndpointFrame;
import org.nowemu.protocol.am.parts.endpoints.EndpointTable;

/**
 * Which resident endpoint leaves its frame when another needs one. Privileged (mapper) endpoints stay, and so does
 * one still protected: a demand-loaded endpoint waiting for its first use, or within its time slice. Among the
 * others, those whose leaving costs least go first: no receive entries the host has yet to take (their thread would
 * fault to answer them), then no packets in flight (they would wait for ACKs or be taken back); then the policy
 * decides: lru (least recently active on the NIC), fifo (loaded longest ago) or random (the NIC's seeded random).
 * When every candidate is protected, a timer wakes the firmware when the first protection ends.
 */
final class Eviction {
    private final NicContext nic;
    private final EndpointTable endpoints;
    private final ChannelSender channels;
    private final String policy;
    private final Supplier<Object> rebalanceTag;
    private boolean rebalancePending;

    Eviction(NicContext nic, EndpointTable endpoints, ChannelSender channels, String policy,
             Supplier<Object> rebalanceTag) {
        this.nic = nic;
        this.endpoints = endpoints;
        this.channels = channels;
        this.policy = policy;
        this.rebalanceTag = rebalanceTag;
    }

    /** The resident endpoint to evict, or null if every one stays for now. */
    EndpointFrame victim() {
        List<EndpointFrame> best = new ArrayList<>();
        int bestCost = Integer.MAX_VALUE;
        for (EndpointFrame f : endpoints.open()) {
            if (!f.resident() || f.privileged || nic.now() < f.protectedUntil) {
                continue;
            }
            int cost = (f.used[0] + f.used[1] > 0 ? 2 : 0) + (inFlight(f) ? 1 : 0);
            if (cost < bestCost) {
                best.clear();
                bestCost = cost;
            }
            if (cost == bestCost) {
                best.add(f);
            }
        }
        if (best.isEmpty()) {
            return null;
        }
        return switch (policy) {
            case "fifo" -> best.stream().min(Comparator.comparingLong((EndpointFrame f) -> f.loadedAt)).get();
            case "random" -> best.get(nic.random().nextInt(best.size()));
            default -> best.stream().min(Comparator.comparingLong((EndpointFrame f) -> f.lastActive)).get();
        };
    }

    /**
     * Endpoints wait for a frame and every resident one is still protected: nothing else may happen on this NIC
     * until then, so set a timer for the moment the first protection ends.
     */
    void wakeWhenProtectionEnds() {
        if (rebalancePending) {
            return;
        }
        long first = Long.MAX_VALUE;
        for (EndpointFrame f : endpoints.open()) {
            if (f.resident() && !f.privileged && f.protectedUntil > nic.now()) {
                first = Math.min(first, f.protectedUntil);
            }
        }
        if (first != Long.MAX_VALUE) {
            rebalancePending = true;
            nic.timer(Math.max(1, first - nic.now()), rebalanceTag.get());
        }
    }

    /** The wake-up timer fired. */
    void rebalanced() {
        rebalancePending = false;
    }

    private boolean inFlight(EndpointFrame f) {
        return f.inFetch > 0 || channels.inFlight(f.index);
    }
}
