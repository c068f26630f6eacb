package org.nowemu.workloads.reliability;

import java.util.ArrayList;
import java.util.List;
import com.typesafe.config.ConfigException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.system.Stack;
import org.nowemu.workloads.experiment.StackPairs;

/**
 * Settings of the reliability-cost experiment ({@code nowemu.reliability-cost}).
 *
 * @param stacks          the stacks, each measured on a clean pair and on one noisy pair per bit-error rate
 * @param latencyBytes    message size of the ping-pong (bytes)
 * @param warmup          round trips before the timed ones
 * @param roundTrips      timed round trips
 * @param streamBytes     message size of the streams (bytes)
 * @param streamMessages  messages per stream
 * @param bitErrorRates   per bit, on both host cables of a noisy pair, from the start (ascending, each in (0, 1))
 * @param sendTimePs      how long a stream's sender goes on sending (ps)
 * @param receiveTimeoutPs how long a stream's receiver waits for its messages (ps)
 */
public record ReliabilityCostSettings(List<Stack<?, ?>> stacks, int latencyBytes, int warmup, int roundTrips,
                                      int streamBytes, int streamMessages, List<Double> bitErrorRates,
                                      long sendTimePs, long receiveTimeoutPs) {
    static final String PREFIX = "nowemu.reliability-cost.";

    static ReliabilityCostSettings read(ConfigReader r, HardwareProfile profile) {
        String key = PREFIX + "stacks";
        List<Stack<?, ?>> stacks = StackPairs.messengerStacks(r, key, profile);
        List<Double> rates;
        try {
            rates = new ArrayList<>(r.config().getDoubleList(PREFIX + "bit-error-rates"));
        } catch (ConfigException e) {
            throw ConfigReader.from(e);
        }
        for (int i = 0; i < rates.size(); i++) {
            if (!(rates.get(i) > 0 && rates.get(i) < 1) || (i > 0 && rates.get(i) <= rates.get(i - 1))) {
                throw r.bad(PREFIX + "bit-error-rates", "rates must be in (0, 1), ascending, got " + rates);
            }
        }
        return new ReliabilityCostSettings(stacks, (int) r.bytes(PREFIX + "latency-bytes", 1, 1 << 20),
                r.intIn(PREFIX + "warmup", 0, 100_000), r.intIn(PREFIX + "round-trips", 1, 100_000),
                (int) r.bytes(PREFIX + "stream-bytes", 1, 1 << 20), r.intIn(PREFIX + "stream-messages", 2, 1_000_000),
                List.copyOf(rates), r.duration(PREFIX + "send-time", VirtualTime.US),
                r.duration(PREFIX + "receive-timeout", VirtualTime.US));
    }

    /**
     * When the run ends: once its traffic has settled, every message handled, returned or given up, and every
     * receiver has stopped counting. A stream starts when its pair's ping-pong is done (taken to last less than the
     * send time); its sender stops sending the send time later, and what it sent settles within the slowest stack's
     * settle time after that ({@code SystemSettings#settlePs}: a resending stack's give-up time, twice AM-II's since a
     * request handled on its last resend has a reply to deliver); its receiver counts for the receive timeout. A
     * run whose traffic settles earlier ends earlier: nothing is left to happen.
     */
    long horizonPs() {
        long settle = 0;
        for (Stack<?, ?> s : stacks) {
            settle = Math.max(settle, s.settlePs());
        }
        return sendTimePs + Math.max(sendTimePs + settle, receiveTimeoutPs) + 1;
    }

    /** Host pairs: one clean and one per rate for each stack. */
    int pairs() {
        return stacks.size() * (1 + bitErrorRates.size());
    }

    /** The stack of pair {@code p}: pairs go stack by stack, the clean one first, then one per rate. */
    Stack<?, ?> stackOf(int pair) {
        return stacks.get(pair / (1 + bitErrorRates.size()));
    }

    /** The bit-error rate of pair {@code p}, or 0 for a clean pair. */
    double rateOf(int pair) {
        int k = pair % (1 + bitErrorRates.size());
        return k == 0 ? 0 : bitErrorRates.get(k - 1);
    }
}
