package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.ComponentReport;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.experiment.Workloads;

/**
 * A cable cut under traffic with the mapper daemons running beside it ({@code nowemu.mapper.with-traffic}).
 *
 * <p>The network is a ring of six switches s0..s5 with two hosts each (h0, h1 on s0; h2, h3 on s1; ...; h10, h11
 * on s5), so every cable between switches has a way around it and every host cable none. The permutations
 * workload runs a circular shift among the twelve hosts (h_i sends to h_i+1 and answers h_i-1): 4 KB medium
 * requests from 30 to 35 ms, then one short request at a time from 95 to 100 ms. A daemon runs on every host: h11
 * (the highest address) leads; with a 1 ms probe timeout its first map is out at about 19 ms, before the traffic,
 * and it maps again 5 ms after each map (a map takes about 20 ms). The NICs start with the topology's routes.
 * Nothing in these runs comes back by the transport's max-retries: that takes 255 retries of two 10 ms ticks, 5 s,
 * and the runs end at 660 ms.
 */
class CableCutRemapTest {
    private static final String RING = "nowemu.topology.name=ring;nowemu.topology.ring.switches=6;"
            + "nowemu.topology.ring.hosts-per-switch=2;nowemu.permutations.hosts=12;"
            + "nowemu.permutations.patterns=[cshift];nowemu.permutations.start=30ms;"
            + "nowemu.permutations.duration=5ms;nowemu.permutations.gap=60ms;nowemu.mapper.with-traffic=on;"
            + "nowemu.mapper.remap-period=5ms;nowemu.mapper.probe-timeout=1ms;nowemu.mapper.follower-timeout=100ms";
    private static final int HOSTS = 12;

    /** A run and what the workload made of it. */
    private record Outcome(RunResult result, SortedMap<String, Double> metrics) {
        long host(int h, String counter) {
            for (ComponentReport c : result.components()) {
                if (c.name().equals("h" + h + ".p0")) {
                    return c.counters().getOrDefault(counter, 0L);
                }
            }
            throw new AssertionError("no program on h" + h);
        }

        /** Messages that came back to host {@code h}'s program, for any reason. */
        long returned(int h) {
            for (ComponentReport c : result.components()) {
                if (c.name().equals("h" + h + ".p0")) {
                    return c.counters().entrySet().stream().filter(e -> e.getKey().startsWith("am.returned."))
                            .mapToLong(java.util.Map.Entry::getValue).sum();
                }
            }
            throw new AssertionError("no program on h" + h);
        }
    }

    private static Outcome run(String faults) {
        List<String> sets = new ArrayList<>(List.of(RING.split(";")));
        sets.add("nowemu.faults=" + faults);
        Config config = ExperimentConfig.load("permutations", sets,
                Path.of(System.getProperty("nowemu.home", ".."))).config();
        Workload w = Workloads.from(new ConfigReader(config));
        Plan plan = w.plan(config);
        RunResult r = Emulation.run(plan.model(), RuntimeSettings.from(config), plan.horizonPs());
        return new Outcome(r, w.metrics(plan, r));
    }

    private static final String CUT_S0_S1 = "[{fault=cut-link,element=\"s0:2\",at=32ms}]";

    /**
     * The cable s0-s1 is cut at 32 ms, in the middle of the bandwidth phase. h1 -> h2 uses it: with the
     * topology's routes (the shortest, one hop between the switches) and with the leader's up*&#47;down* routes
     * too (rooted at s5, s0 is a level below and s1 two, so s0 -> s1 is a down hop, allowed and shortest). The
     * packets h1 has on the cable are lost and its NIC resends them every 20 ms over the same route, lost again,
     * until the leader's next map, explored after the cut, goes round the ring the other way (s0, s5, s4, s3, s2,
     * s1): then they arrive. So: the remap is reported, after the cut and before the round-trip phase at 95 ms
     * (the cut at 32 ms plus at most the map under way and the next, about 50 ms); h1's resends show on its NIC;
     * every request of every host is handled once by its partner and answered, none comes back; and in the
     * round-trip phase, after the remap, every host, h1 too, gets round trips through.
     */
    @Test
    void cableCutWithARedundantPathIsRemappedAndEveryMessageHandledOnce() {
        Outcome o = run(CUT_S0_S1);
        double remapUs = o.metrics().getOrDefault("faults.remap_us", -1.0);
        assertTrue(remapUs > 0 && remapUs < 63_000, "remapped " + remapUs + " us after the cut");
        assertEquals(0.0, o.metrics().get("faults.maps_mismatched"), "every map matched the network of its time");
        assertEquals(0.0, o.metrics().get("faults.unreachable"));
        long resent = 0;
        for (ComponentReport c : o.result().components()) {
            if (c.name().equals("h1.lanai")) {
                resent = c.counters().getOrDefault("vn.retransmissions", 0L);
            }
        }
        assertTrue(resent > 0, "h1 lost packets on the cut cable and sent them again");
        long total = 0;
        for (int h = 0; h < HOSTS; h++) {
            long sent = o.host(h, "am.requests_sent");
            assertEquals(sent, o.host((h + 1) % HOSTS, "am.requests_handled"), "h" + h + "'s requests handled once");
            assertEquals(sent, o.host(h, "am.replies_handled"), "h" + h + "'s requests all answered");
            assertEquals(0, o.returned(h), "nothing came back to h" + h);
            assertTrue(o.host(h, "perm.cshift.rtt_n") > 0, "h" + h + " had round trips after the remap");
            total += sent;
        }
        assertEquals(0, o.result().counters().entrySet().stream().filter(e -> e.getKey().startsWith("am.returned."))
                .mapToLong(java.util.Map.Entry::getValue).sum());
        assertTrue(total > 1000, total + " requests");
    }

    /**
     * h3's only cable is cut at 32 ms. h2 -> h3 has no other way. The requests h2 has in flight or waiting and
     * those it sends later can only come back: when two maps in a row no longer find h3 (the leader maps once more
     * before giving a NIC up), the leader removes h3's routes everywhere, and h2's NIC returns what it holds for h3
     * at once as unreachable (max-retries would take 5 s, beyond the run). A request that reached h3 before the
     * cut was handled there; if its ACK was lost with the cable it is returned as well (at most one per channel,
     * four): so h2's requests, handled by h3 plus returned, make h2's sent, plus at most four. (The replies to
     * those h3 handled cannot leave h3: the AM-II model returns a reply to its replier, h3, so h2 does not hear
     * of them: fewer answered than h3 handled; a request whose ACK came back waits on, one whose ACK was lost is
     * returned too, so answered + returned <= sent.) h3 itself gets no table any more; 5 ms plus the 100 ms
     * follower timeout after its last one its daemon maps what it reaches (nothing), leads it and removes its
     * routes, so h3's own requests to h4 come back too. Everyone else goes on: the other hosts' requests are
     * all answered and they all get round trips through after the cut; only h4 gets messages back (its replies
     * to h3).
     */
    @Test
    void cableCutWithoutARedundantPathReturnsMessagesToCutOffHostsAsUnreachable() {
        Outcome o = run("[{fault=cut-link,element=h3,at=32ms}]");
        long sent2 = o.host(2, "am.requests_sent");
        long back2 = o.host(2, "am.returned.unreachable");
        long handled3 = o.host(3, "am.requests_handled");
        assertTrue(back2 > 0, "requests to h3 came back to h2 as unreachable");
        assertEquals(back2, o.returned(2), "for no other reason");
        assertTrue(handled3 + back2 >= sent2 && handled3 + back2 <= sent2 + 4,
                "h2 sent " + sent2 + ": " + handled3 + " handled by h3, " + back2 + " returned");
        long replies2 = o.host(2, "am.replies_handled");
        assertTrue(replies2 < handled3, "h3's replies to the last ones it handled did not come: " + replies2
                + " of " + handled3);
        assertTrue(replies2 + back2 <= sent2, "none both answered and returned");
        assertEquals(1, o.result().counter("map.leader_lost"), "h3's daemon lost the leader");
        assertTrue(o.host(3, "am.returned.unreachable") > 0, "h3's own requests came back");
        assertEquals(1.0, o.metrics().get("faults.unreachable"), "the leader gave h3 up");
        assertTrue(o.metrics().getOrDefault("faults.remap_us", -1.0) > 0);
        for (int h = 0; h < HOSTS; h++) {
            if (h == 2 || h == 3) {
                continue;
            }
            long sent = o.host(h, "am.requests_sent");
            assertEquals(sent, o.host((h + 1) % HOSTS, "am.requests_handled"), "h" + h + "'s requests handled once");
            assertEquals(sent, o.host(h, "am.replies_handled"), "h" + h + "'s requests all answered");
            assertTrue(o.host(h, "perm.cshift.rtt_n") > 0, "h" + h + " went on to the round-trip phase");
            if (h != 4) {
                assertEquals(0, o.returned(h), "nothing came back to h" + h);
            }
        }
    }

    /** The same schedule and seed twice: the same digest, invariants and remap time. */
    @Test
    void theSameSeedTwiceGivesTheSameDigestAndRemapTime() {
        Outcome a = run(CUT_S0_S1);
        Outcome b = run(CUT_S0_S1);
        assertEquals(a.result().digest(), b.result().digest());
        assertEquals(a.result().invariants(), b.result().invariants());
        assertEquals(a.metrics(), b.metrics());
    }
}
