package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * The sensitivity knobs of AM-II (Martin, Vahdat, Culler and Anderson, ISCA 1997) each move their own LogP
 * parameter by the amount added and leave the others within 5%. One LogP run carries unmodified AM-II and one
 * stack per knob side by side, each on its own host pair and switch (logp.conf's chain of five switches).
 *
 * <p>Unmodified AM-II on the NOW: Os 4.09 us, Or 4.28 us, g 16.40 us (the NIC's pace: the LANai's work per
 * request and reply), L 12.82 us, RTT 42.37 us; K = 4 requests outstanding.
 */
class SensitivityKnobsTest {
    private static final double US = 1e-6;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /** An AM-II stack with one knob set. */
    private static String stack(String name, String knob) {
        return "nowemu.protocol.stacks." + name + "={system=am, reliability=true, protection=true,"
                + " virtual-networks=true, pipeline-dma=false, costs=vn, " + knob + "}";
    }

    /**
     * Worked by hand:
     * <ul>
     *   <li>added-overhead 3 us: every send call spins 3 us more, so Os + 3; every message a poll takes out costs
     *       3 us more, so Or + 3. A round trip has two sends and two receives: RTT + 12, and L = RTT/2 - Os - Or
     *       stays. g stays while the host keeps ahead of the NIC: in the long burst the host sends a request and
     *       takes out a reply per message, Os + Or = 8.37 + 6 = 14.37 us, still under the NIC's 16.40.</li>
     *   <li>added-gap 10 us: the LANai stalls 10 us after each data packet it injects. It sets the pace of the
     *       burst, so g + 10; the host's calls are untouched (Os, Or), and in a ping-pong each NIC injects one
     *       packet a round trip, long before the next, so RTT and L stay.</li>
     *   <li>added-latency 5 us: every packet spends 5 us in the delay line, the request and the reply one each:
     *       RTT + 10, L + 5. The LANai does not wait for the line, so g stays while the K = 4 requests
     *       outstanding cover a round trip: 4 x 16.40 = 65.6 us against 52.4 us. Os and Or stay.</li>
     * </ul>
     */
    @Test
    void eachKnobMovesItsOwnLogpParameterOnly() {
        SortedMap<String, Double> m = run("logp", List.of("nowemu.logp.stacks=[amii, o3, g10, l5]",
                stack("o3", "added-overhead=3us"), stack("g10", "added-gap=10us"),
                stack("l5", "added-latency=5us")));
        moved(m, "o3", "os", 3);
        moved(m, "o3", "or", 3);
        moved(m, "o3", "rtt", 12);
        unmoved(m, "o3", "l", "g");
        moved(m, "g10", "g", 10);
        unmoved(m, "g10", "os", "or", "l", "rtt");
        moved(m, "l5", "l", 5);
        moved(m, "l5", "rtt", 10);
        unmoved(m, "l5", "os", "or", "g");
    }

    /**
     * Past the NIC's pace overhead sets g, as LogP has it (g is at least the host's time per message): with 10 us
     * added the burst's host work per message is Os + Or = (4.09 + 10) + (4.28 + 10) = 28.37 us, more than the
     * NIC's 16.40, so g = Os + Or; L still stays.
     */
    @Test
    void largeOverheadSetsTheGap() {
        SortedMap<String, Double> m = run("logp", List.of("nowemu.logp.stacks=[amii, o10]",
                stack("o10", "added-overhead=10us")));
        moved(m, "o10", "os", 10);
        moved(m, "o10", "or", 10);
        unmoved(m, "o10", "l");
        double g = m.get("logp.o10.g_us");
        double hostWork = m.get("logp.o10.os_us") + m.get("logp.o10.or_us");
        assertEquals(hostWork, g, 0.01 * hostWork, "g follows the host's work per message");
    }

    /**
     * added-per-byte stretches the sender's fetch of each medium message by bytes x G, and AM-II's path is
     * store-and-forward (the next fetch waits for this packet to leave), so a stream's per-byte time (1 / the
     * bandwidth) grows by G: one DMA on the path of each message. 10 ns a byte: 8 KiB requests take 81.92 us
     * more each, the per-byte time goes from about 30.4 ns to 40.4 ns. The delay line of added-latency (10 us)
     * and the library's added-overhead (10 us) leave it within 5%: the firmware, not the line, puts a medium
     * packet on the wire, so fetch and send still alternate; and 10 us of host time per message is far under
     * the 250 us a message of 8 KiB spends on the NIC.
     */
    @Test
    void perByteKnobMovesTheStreamsPerByteTime() {
        SortedMap<String, Double> m = run("bandwidth", List.of("nowemu.bandwidth.stacks=[amii, G10, L10, o10]",
                "nowemu.bandwidth.modes=[streaming]", "nowemu.bandwidth.sizes=[8192]",
                stack("G10", "added-per-byte=10ns"), stack("L10", "added-latency=10us"),
                stack("o10", "added-overhead=10us")));
        double base = perByteNs(m, "amii");
        assertEquals(base + 10, perByteNs(m, "G10"), 0.5, "G: per-byte time + 10 ns");
        assertEquals(base, perByteNs(m, "L10"), 0.05 * base, "L leaves the per-byte time");
        assertEquals(base, perByteNs(m, "o10"), 0.05 * base, "o leaves the per-byte time");
    }

    @Test
    void knobsAtZeroChangeNothing() {
        RunResult plain = result(List.of("nowemu.logp.stacks=[amii]"));
        RunResult zero = result(List.of("nowemu.logp.stacks=[amii]", "nowemu.protocol.stacks.amii.added-overhead=0us",
                "nowemu.protocol.stacks.amii.added-gap=0us", "nowemu.protocol.stacks.amii.added-latency=0us",
                "nowemu.protocol.stacks.amii.added-per-byte=0ns"));
        assertEquals(plain.digest(), zero.digest());
        assertEquals(plain.counters(), zero.counters());
    }

    @Test
    void aBadKnobIsOneLineAndExitTwo() {
        CommandLineTest.assertOneLineBadInput(CommandLineTest.nowemu("run", "logp", "--set",
                "nowemu.protocol.stacks.amii.added-gap=-1us"), "nowemu: nowemu.protocol.stacks.amii.added-gap:"
                + " expected a duration with a unit (ps, ns, us, ms, s), got '-1us' (--set"
                + " nowemu.protocol.stacks.amii.added-gap=-1us)");
    }

    private static double perByteNs(SortedMap<String, Double> m, String stack) {
        return 1e3 / m.get("bw." + stack + ".streaming.8192B_MBps");
    }

    private static void moved(SortedMap<String, Double> m, String stack, String what, double addedUs) {
        double base = m.get("logp.amii." + what + "_us");
        double now = m.get("logp." + stack + "." + what + "_us");
        assertEquals(base + addedUs, now, 0.05 * addedUs, stack + ": " + what + " + " + addedUs + " us");
    }

    private static void unmoved(SortedMap<String, Double> m, String stack, String... whats) {
        for (String what : whats) {
            double base = m.get("logp.amii." + what + "_us");
            double now = m.get("logp." + stack + "." + what + "_us");
            assertTrue(Math.abs(now - base) < 0.05 * base, stack + ": " + what + " " + now + " us against " + base);
        }
    }

    private static SortedMap<String, Double> run(String experiment, List<String> sets) {
        ExperimentConfig ec = ExperimentConfig.load(experiment, sets, Path.of(System.getProperty("nowemu.home")));
        Workload w = Workloads.from(new ConfigReader(ec.config()));
        Plan plan = w.plan(ec.config());
        RunResult r = Emulation.run(plan.model(), RuntimeSettings.from(ec.config()), plan.horizonPs(), ec.config(),
                new RunProgress());
        assertTrue(r.kept(), experiment + ": every message accounted for");
        return w.metrics(plan, r);
    }

    private static RunResult result(List<String> sets) {
        ExperimentConfig ec = ExperimentConfig.load("logp", new ArrayList<>(sets),
                Path.of(System.getProperty("nowemu.home")));
        Plan plan = Workloads.from(new ConfigReader(ec.config())).plan(ec.config());
        return Emulation.run(plan.model(), RuntimeSettings.from(ec.config()), plan.horizonPs(), ec.config(),
                new RunProgress());
    }
}
