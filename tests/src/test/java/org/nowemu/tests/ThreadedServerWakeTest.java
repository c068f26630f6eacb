package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.experiment.Workloads;

/**
 * Fig 11's two servers on the NOW (virtual-networks): one thread polling every endpoint against a thread per endpoint
 * waiting on its semaphore. A thread woken by its semaphore pays, on the host's one CPU, the kernel's interrupt
 * handler (the profile's interrupt-dispatch, 10 us, and the driver's post, 334 cycles = 2.0 us at 167 MHz), the
 * kernel's wake-up (the blocking trap, the sleep queue, the return to user mode: host.wake-up, 4 us) and a context
 * switch back from the idle loop (host.context-switch, 10 us): 26 us a wake, none of which the polled server pays.
 */
class ThreadedServerWakeTest {
    private static final long US = 1_000_000L;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /**
     * One client, one credit: a request at a time, so each request finds the threaded server's thread blocked and
     * wakes it. By hand, per request: polled, a round trip (AM-II's RTT on the NOW, 42.4 us); threaded, the same plus
     * the wake, 12.0 (interrupt) + 4 (wake-up) + 10 (switch) = 26.0 us, and a little the polled server does not do:
     * the NIC's steps to raise the interrupt, the two event-mask words written to the NIC (events off, then on: 250
     * ns of SBus each) and the empty poll after events go back on, under 4 us together. So 42.4 us against 68.4 to
     * 72.4 us a request: 23,600 against 13,800 to 14,600 requests/s. Each request was a wake with its interrupt
     * handler on the CPU: as many wake-ups as event waits, and 12 us of CPU per interrupt.
     */
    @Test
    void eachRequestThatWakesAThreadCostsTheInterruptTheWakeUpAndASwitch() {
        Outcome o = run("nowemu.protocol.credits=1", "nowemu.virtual-networks.polled=[1]",
                "nowemu.virtual-networks.threaded=[1]", "nowemu.topology.name=chain",
                "nowemu.topology.chain.switches=1", "nowemu.topology.chain.hosts-per-switch=2");
        double polledUs = 1e6 / o.m().get("vn.polled.1.server_rate_msgps");
        double threadedUs = 1e6 / o.m().get("vn.threaded.1.server_rate_msgps");
        assertTrue(Math.abs(polledUs - 42.4) < 0.5, "polled: a round trip, " + polledUs + " us a request");
        double wake = threadedUs - polledUs;
        assertTrue(wake >= 26.0 && wake <= 30.0, "threaded: " + threadedUs + " us a request, " + wake + " us more");
        RunResult r = o.r();
        assertTrue(r.counter("cpu.wake_ups") >= r.counter("am.event_waits"), "a wake-up for each event wait");
        assertEquals(r.counter("driver.posts"), r.counter("cpu.interrupts"));
        assertEquals(r.counter("cpu.interrupts") * 12_000_000L, r.counter("cpu.interrupt_ps"));
        assertTrue(r.counter("cpu.context_switches") >= r.counter("cpu.wake_ups"), "every wake switches");
        assertEquals("6b54656cb6b0101f", r.digest());
    }

    /**
     * Four clients, one credit each: a client's next request leaves only when its reply is back, by which time the
     * thread that served it has drained its endpoint and blocked, so every request wakes a thread (a wake for each
     * event wait, and as many event waits as requests). Four round trips in flight keep the polled server near its
     * NIC's pace (about 16 us a request). The threaded server's host is the bound: each request costs its CPU the
     * 26 us wake (12 us of interrupt handler, taken from the thread running there, since the CPU is always busy
     * with another thread's request; 4 us wake-up; 10 us switch) plus the thread's own work, its handler and reply
     * (Or + Os, 8.4 us, a little less here as the reply goes out from within the handler) and the event-mask writes
     * (posted): 33 to 35 us a request, 28,500 to 30,300 requests/s, about half the polled server's. Each wake finds
     * the CPU taken (queued) and each interrupt handler takes its time from a running thread.
     */
    @Test
    void atOneCreditEveryRequestWakesAThreadAndTheThreadedPeakFallsByTheWake() {
        Outcome o = run("nowemu.protocol.credits=1", "nowemu.virtual-networks.polled=[4]",
                "nowemu.virtual-networks.threaded=[4]", "nowemu.topology.name=chain",
                "nowemu.topology.chain.switches=1", "nowemu.topology.chain.hosts-per-switch=5");
        double polledUs = 1e6 / o.m().get("vn.polled.4.server_rate_msgps");
        double threadedUs = 1e6 / o.m().get("vn.threaded.4.server_rate_msgps");
        assertTrue(polledUs > 15.0 && polledUs < 17.5, "polled: the NIC's pace, " + polledUs + " us a request");
        assertTrue(threadedUs >= 33.0 && threadedUs <= 35.0, "threaded: the wake and the host's work, " + threadedUs);
        RunResult r = o.r();
        long rounds = r.counter("vn.threaded.4.rounds");
        long served = r.counter("vn.threaded.4.served");
        assertTrue(rounds > 800 && served <= rounds * 1.02, served + " requests served in " + rounds + " waits");
        assertTrue(r.counter("cpu.wake_ups") >= r.counter("am.event_waits"), "a wake-up for each event wait");
        assertTrue(r.counter("cpu.context_switches") >= r.counter("cpu.wake_ups"), "every wake switches");
        assertEquals(r.counter("driver.posts"), r.counter("cpu.interrupts"));
        assertTrue(r.counter("cpu.queued") >= 0.95 * r.counter("cpu.wake_ups"), "a woken thread finds the CPU busy");
        assertTrue(r.counter("host.interrupted_ps") >= 0.95 * r.counter("cpu.interrupt_ps"),
                "interrupt handlers take their time from running threads");
        assertEquals(r.counter("host.interrupted_ps"), r.counter("host.kernel_ps"), "through the kernel's handlers");
        assertEquals("b49f5814cc5d2743", r.digest());
    }

    /**
     * Seven clients with four credits each: the server's NIC (about 15.8 us a request and its reply: AM-II's g)
     * bounds both servers, near 63,000 requests/s. The threaded server's host is near its limit but under it: each
     * wake finds three to four requests (a client's four credits arrive together while the NIC queues them), so a
     * request costs the host its handler and reply (about 7.8 us, as the one-credit run above leaves of its 33.8 us
     * after the 26 us wake) and a quarter to a third of the wake: 14.3 to 16.5 us by hand, the NIC's 15.8 between.
     * It comes out at the NIC's pace: the threaded server's peak is at most the polled one's, within 1%. It would
     * fall clearly below only if each wake found fewer than 26 / (15.8 - 7.8) = 3.3 requests or cost more than
     * about 4 x 8 = 32 us. Its threads were woken, paying interrupts, wake-ups and switches, and interrupts took
     * CPU time from threads that were running. Digest pinned.
     */
    @Test
    void atSevenClientsTheServersNicBoundsBothAndTheThreadedOneIsNoFaster() {
        Outcome o = run("nowemu.virtual-networks.polled=[7]", "nowemu.virtual-networks.threaded=[7]",
                "nowemu.topology.name=chain", "nowemu.topology.chain.switches=2",
                "nowemu.topology.chain.hosts-per-switch=6");
        double polled = o.m().get("vn.polled.7.server_rate_msgps");
        double threaded = o.m().get("vn.threaded.7.server_rate_msgps");
        assertTrue(polled > 60_000 && polled < 1e6 / 15.0, "polled: " + polled);
        assertTrue(threaded <= polled && threaded > 0.99 * polled, "threaded " + threaded + ", polled " + polled);
        RunResult r = o.r();
        double perWake = (double) r.counter("vn.threaded.7.served") / r.counter("vn.threaded.7.rounds");
        assertTrue(perWake > 3.3 && perWake <= 4.5, perWake + " requests a wake");
        assertTrue(r.counter("cpu.wake_ups") >= r.counter("am.event_waits"), "a wake-up for each event wait");
        assertTrue(r.counter("host.interrupted_ps") > 0, "interrupt handlers took time from running threads");
        assertEquals(r.counter("vn.requests"), r.counter("vn.replies"));
        assertEquals("b37d3519e80b8497", r.digest());
    }

    private record Outcome(RunResult r, SortedMap<String, Double> m) {
    }

    private static Outcome run(String... sets) {
        List<String> all = new ArrayList<>(List.of(sets));
        all.add("nowemu.virtual-networks.duration=30ms");
        all.add("nowemu.virtual-networks.warmup=10ms");
        Config config = ExperimentConfig.load("virtual-networks", all,
                Path.of(System.getProperty("nowemu.home", ".."))).config();
        Workload w = Workloads.from(new ConfigReader(config));
        Plan plan = w.plan(config);
        RunResult r = Emulation.run(plan.model(), RuntimeSettings.from(config), plan.horizonPs(), config,
                new RunProgress());
        assertTrue(r.kept(), "books kept");
        return new Outcome(r, w.metrics(plan, r));
    }
}
