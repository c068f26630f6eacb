package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Ledger;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workloads;

/**
 * The {@code corrupt-route} fault: 5% of the packets on every cable of a one-switch contention run (h0 serves
 * five clients, h1..h5, each on its own switch port) get their next route byte replaced by a random other value.
 *
 * <p>Worked out by hand: with one switch a packet has a route byte only on its way from a NIC into the switch, so
 * only those are corrupted. The switch reads the byte as an offset from the entry port; of the 255 other values
 * exactly 5 name another cabled port (the other five hosts, the sender itself by offset 0 among them), so about
 * 5/255 = 2% of the corrupted packets reach a wrong NIC, whose firmware drops them as misrouted (the VN header
 * names the destination NIC); the other 98% name an empty port or none and the switch drops them. Every
 * corrupted packet ends one of these two ways: {@code switch.dropped_route + vn.dropped.misrouted ==
 * link.route_corruptions}. Each loss, of a request, a reply or an ACK, is made good by exactly one resend of
 * the data by the sender's retransmission timer (the transport's quantum is 1 ms here instead of 10 ms, so that
 * lost packets cost 1-2 ms and enough traffic flows in 3 x 10 ms phases; 1 ms is far above a round trip, so no
 * timer fires for a packet that was not lost). The other resends answer NACKs from the busy server (the run
 * without faults has them too), so timer resends = {@code vn.retransmissions - vn.nacks_received} =
 * {@code link.route_corruptions}. A lost ACK makes the receiver see the data twice, and it discards the copy.
 * At the end every request was handled once and answered once. Measured (seed 1): 274 corruptions, 269 dropped
 * by the switch, 5 misrouted, 1,142 requests (1,579 without the fault: the losses cost time).
 */
class CorruptRouteTest {

    static RunResult contention(String faults, String... more) {
        List<String> sets = new ArrayList<>(List.of("nowemu.contention.clients=[5]", "nowemu.topology.name=chain",
                "nowemu.topology.chain.switches=1", "nowemu.topology.chain.hosts-per-switch=6",
                "nowemu.contention.duration=10ms", "nowemu.contention.gap=5ms",
                "nowemu.protocol.transport.quantum=1ms", "nowemu.faults=" + faults));
        sets.addAll(List.of(more));
        Config config = ExperimentConfig.load("contention", sets,
                Path.of(System.getProperty("nowemu.home", ".."))).config();
        Plan plan = Workloads.from(new ConfigReader(config)).plan(config);
        return Emulation.run(plan.model(), RuntimeSettings.from(config), plan.horizonPs());
    }

    @Test
    void corruptedRouteBytesMisrouteOrDropPacketsAndEveryRequestIsStillAnsweredOnce() {
        String faults = "[{fault=corrupt-route,element=all,at=0ms,fraction=0.05}]";
        RunResult r = contention(faults);
        long corrupted = r.counter("link.route_corruptions");
        long misrouted = r.counter("vn.dropped.misrouted");
        assertTrue(corrupted > 100, "5% of a few thousand packets: " + corrupted);
        assertTrue(misrouted > 0, "some went out of a cabled wrong port");
        assertTrue(misrouted < corrupted / 10, "about 2% of " + corrupted + ", got " + misrouted);
        assertEquals(corrupted, r.counter("switch.dropped_route") + misrouted, "every corrupted packet ends so");
        assertEquals(0, r.counter("nic.rx.misrouted"), "one switch: none arrives with a route byte left");
        assertEquals(corrupted, r.counter("vn.retransmissions") - r.counter("vn.nacks_received"),
                "one timer resend per lost packet");
        assertTrue(r.counter("vn.duplicates") > 0, "lost ACKs made some data arrive twice");

        long requests = r.counter("am.requests_sent");
        assertTrue(requests > 500, "traffic flowed: " + requests);
        assertEquals(requests, r.counter("am.requests_handled"), "each request handled once");
        assertEquals(requests, r.counter("am.replies_handled"), "and answered once");
        // The ledger: every request and reply handled exactly once by its own endpoint (a misrouted packet is
        // never handled by the NIC it strayed to), none returned, lost or duplicated.
        Ledger l = r.ledger();
        assertEquals(2 * requests, l.sent(), l.toString());
        assertEquals(l.sent(), l.handledOnce(), l.toString());
        assertEquals(0, l.returned() + l.returnedAfterHandling() + l.lost() + l.duplicated() + l.misdelivered());
        assertTrue(r.invariants().hold());

        RunResult again = contention(faults);
        assertEquals(r.digest(), again.digest(), "same schedule and seed, same run");
        assertEquals(r.ledger(), again.ledger());
        RunResult otherSeed = contention(faults, "nowemu.seed=2");
        assertNotEquals(r.digest(), otherSeed.digest(), "the corruptions are drawn from the seed");
        assertEquals(otherSeed.ledger().sent(), otherSeed.ledger().handledOnce(), otherSeed.ledger().toString());
    }
}
