package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.nowemu.actors.runtime.Ledger;
import org.nowemu.actors.runtime.RunResult;

/**
 * {@code crash-process} takes effect on every system: a stack of each of the 14 runs reliability-cost's clean pair
 * alone (ping-pong, then a stream of 60 messages of 256 B from h0 to h1), once as it is and once with h1's process
 * crashing at 300 us, in the ping-pong or the stream. The crash stops h1's program: the run differs (digest), the
 * process is counted crashed, and what was on its way to it, or sent to it after, ends as the system's semantics
 * say: with it ({@code endedWithCrash}) on the comparison systems, whose NIC goes on writing into the dead
 * process's memory or holding what it has no room for; back to its sender as BAD_ENDPOINT on AM-II, whose driver
 * closes the dead process's endpoints. The ledger holds: nothing lost, nothing handled twice. Without the crash every
 * message is handled once.
 */
class CrashEverySystemTest {
    private static RunResult run(String stack, String... faults) {
        List<String> sets = new ArrayList<>(List.of("nowemu.reliability-cost.bit-error-rates=[]",
                "nowemu.reliability-cost.stream-messages=60", "nowemu.reliability-cost.warmup=2",
                "nowemu.reliability-cost.round-trips=4", "nowemu.reliability-cost.send-time=3ms",
                "nowemu.reliability-cost.receive-timeout=5ms", "nowemu.topology.chain.switches=1",
                "nowemu.topology.chain.hosts-per-switch=2"));
        sets.addAll(List.of(faults));
        return ReliabilityCostTest.run("reliability-cost", "[" + stack + "]", 2, sets.toArray(new String[0]))
                .result();
    }

    @ParameterizedTest
    @ValueSource(strings = {"amii", "basic", "fm1", "fm2", "mpi-fm1", "bip", "pm", "hamlyn", "lfc", "fmmc", "trapeze",
            "unet", "vmmc", "vmmc2"})
    void aProcessCrashStopsTheProcessAndItsMessagesEndWithIt(String stack) {
        RunResult clean = run(stack);
        Ledger c = clean.ledger();
        assertTrue(c.kept() && c.sent() > 60, stack + ": " + c);
        assertEquals(0, c.endedWithCrash() + c.dropped() + c.returned(), stack + ": " + c);
        RunResult crashed = run(stack, "nowemu.faults=[{fault=crash-process, element=h1.p0, at=300us}]");
        Ledger l = crashed.ledger();
        assertNotEquals(clean.digest(), crashed.digest(), stack + ": the crash changes the run");
        assertEquals(1, crashed.counter("host.crashes"), stack);
        assertTrue(l.kept(), stack + ": " + l);
        long ended = stack.equals("amii") ? l.returnedBy().getOrDefault("BAD_ENDPOINT", 0L) : l.endedWithCrash();
        assertTrue(ended > 0, stack + ": " + l);
        assertEquals(0, l.lost() + l.duplicated(), stack + ": " + l);
        assertTrue(l.handledOnce() < c.handledOnce(), stack + ": h1 handled less once dead: " + l + " vs " + c);
    }
}
