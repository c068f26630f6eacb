package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.ComponentReport;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.Ledger;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workloads;

/**
 * Repeating time ranges: a fault in [3, 4) ms, every 4 ms, 3 times, so in [3, 4), [7, 8) and [11, 12) ms,
 * inside the short-request phase of a contention run (h0 serves h1 and h2 on one switch from 2 ms to 14 ms; the
 * transport's quantum is 1 ms, so a lost packet is resent within 2 ms). The traffic is read off h1's and h2's
 * NICs: the packets (replies and ACKs) their firmware received, from the trace, per range.
 *
 * <p>By hand, for each kind on h1 (cable cut, all packets dropped, receiver stalled) and for the switch failing
 * (all its cables cut): while a range holds nothing
 * reaches h1's firmware (after the first 50 us, for a packet already inside the NIC); in the millisecond after
 * each range h1 gets packets again (its cable works, its lost packets are resent at the next timer ticks); in
 * the millisecond before, both clients share the server, so h1 gets packets there too. h2 differs: with the cable
 * cut or dropping, the server's replies to h1 vanish and h2 takes the server's whole rate, so it gets more in each
 * range than in the millisecond before; with h1's receiver stalled, STOP holds the switch's port to h1, the
 * server's link behind a reply for h1 and so the server's NIC: h2 gets nothing either once STOP has reached the
 * server (250 us is ample) and nothing is lost; with the switch failed, h2's cable is cut too. After each range
 * h2 gets packets again. At the end every request was handled and answered once.
 */
class FaultRangesTest {
    static final long MS = VirtualTime.MS;
    static final long[] STARTS = {3 * MS, 7 * MS, 11 * MS};

    static RunResult run(String fault) {
        Config config = ExperimentConfig.load("contention", List.of("nowemu.contention.clients=[2]",
                "nowemu.topology.name=chain", "nowemu.topology.chain.switches=1",
                "nowemu.topology.chain.hosts-per-switch=3", "nowemu.contention.duration=12ms",
                "nowemu.contention.gap=3ms", "nowemu.protocol.transport.quantum=1ms",
                "nowemu.runtime.trace.enabled=true", "nowemu.runtime.trace.max-events-per-component=1000000",
                "nowemu.faults=[{" + fault + ",at=3ms,until=4ms,every=4ms,times=3}]"),
                Path.of(System.getProperty("nowemu.home", ".."))).config();
        Plan plan = Workloads.from(new ConfigReader(config)).plan(config);
        return Emulation.run(plan.model(), RuntimeSettings.from(config), plan.horizonPs());
    }

    /** Packets the firmware of {@code nic} was handed in [from, until). */
    static long received(RunResult r, String nic, long from, long until) {
        ComponentReport c = r.components().stream().filter(x -> x.name().equals(nic)).findFirst().orElseThrow();
        assertEquals(0, c.traceDropped());
        return c.trace().stream().filter(t -> t.isInstant() && t.name().equals("PacketReceived")
                && t.timePs() >= from && t.timePs() < until).count();
    }

    @Test
    void aCableCutInRangesStopsH1sTrafficWhileH2TakesTheServer() {
        check("fault=cut-link,element=h1", Other.TAKES_OVER);
    }

    @Test
    void packetsDroppedInRangesStopH1sTrafficWhileH2TakesTheServer() {
        check("fault=link-errors,element=h1,drop=1", Other.TAKES_OVER);
    }

    @Test
    void aReceiverStalledInRangesHoldsTheServerBackForBothClients() {
        check("fault=stall-receiver,element=h1", Other.HELD);
    }

    /** The switch fails in each range: every cable, so both clients wait, and both go on after the repair. */
    @Test
    void aSwitchFailedInRangesStopsEveryoneAndEveryoneResumes() {
        check("fault=fail-switch,element=s0", Other.STOPPED);
    }

    /** What h2 sees while h1's fault holds. */
    enum Other { TAKES_OVER, HELD, STOPPED }

    private static void check(String fault, Other h2) {
        RunResult r = run(fault);
        for (long at : STARTS) {
            String where = fault + ", range at " + at / MS + " ms: ";
            assertTrue(received(r, "h1.lanai", at - MS, at) > 0, where + "h1 got packets before");
            assertEquals(0, received(r, "h1.lanai", at + 50 * VirtualTime.US, at + MS), where + "none during");
            assertTrue(received(r, "h1.lanai", at + MS, at + 2 * MS) > 0, where + "h1 got packets after");
            long before = received(r, "h2.lanai", at - MS, at);
            switch (h2) {
                case TAKES_OVER -> assertTrue(received(r, "h2.lanai", at, at + MS) > before, where + "h2 took over");
                case HELD -> assertEquals(0, received(r, "h2.lanai", at + 250 * VirtualTime.US, at + MS),
                        where + "h2 held back");
                case STOPPED -> assertEquals(0, received(r, "h2.lanai", at + 50 * VirtualTime.US, at + MS),
                        where + "h2 cut off");
            }
            assertTrue(received(r, "h2.lanai", at + MS, at + 2 * MS) > 0, where + "h2 got packets after");
        }
        long requests = r.counter("am.requests_sent");
        assertEquals(requests, r.counter("am.requests_handled"), fault);
        assertEquals(requests, r.counter("am.replies_handled"), fault);
        Ledger l = r.ledger();
        assertEquals(2 * requests, l.sent(), fault + ": " + l);
        assertEquals(l.sent(), l.handledOnce(), fault + ": " + l);
        assertTrue(l.kept(), fault + ": " + l);
        assertTrue(r.invariants().hold(), fault);
    }
}
