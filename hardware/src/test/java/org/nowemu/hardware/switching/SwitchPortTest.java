package org.nowemu.hardware.switching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.Model;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.support.TestNets;

class SwitchPortTest {
    /**
     * h0 - s0 - s1 - h1 (TestNets.line): s0 has cables on ports 0 and 1, s1 on ports 2 and 1. Each plugged port
     * is a component named after its switch and port, in port order, before the hosts' parts; the other six
     * ports of each switch have no cable and no component.
     */
    @Test
    void eachPluggedPortIsAComponentNamedAfterItsSwitchAndPort() {
        Model m = Cluster.build(TestNets.line(2), TestNets.now(""), TestNets.program(n -> null)).model();
        List<String> names = new ArrayList<>();
        for (int id = 0; id < m.size(); id++) {
            names.add(m.name(id));
        }
        assertEquals(List.of("s0.p0", "s0.p1", "s1.p1", "s1.p2", "h0.lanai"), names.subList(0, 5));
        assertEquals(4, names.stream().filter(n -> n.startsWith("s")).count());
        // The two ports of a switch share its placement group, so several JVMs only ever cut inter-switch cables.
        assertEquals(m.group(0), m.group(1));
        assertEquals(m.group(2), m.group(3));
        assertTrue(m.group(0) != m.group(2));
    }

    /**
     * The crossbar (31.25 ns) is longer than one LANai cycle (37.5 MHz: 26,667 ps), the shortest delay the model
     * had with one switch component, so the lookahead stays one LANai cycle; a crossbar set shorter than that
     * becomes the lookahead, which shows the crossbar is a connection between components.
     */
    @Test
    void theCrossbarKeepsTheLookaheadAtOneLanaiCycle() {
        assertEquals(26_667, Cluster.build(TestNets.line(3), TestNets.now(""), TestNets.program(n -> null))
                .model().lookahead());
        assertEquals(20_000, Cluster.build(TestNets.line(3), TestNets.now("switch.crossbar = 20ns"),
                TestNets.program(n -> null)).model().lookahead());
    }

    /**
     * A star of four hosts (host i on port i; the route byte to h(k) from h(i) is k - i). h1 sends C (1,000 body
     * bytes, 1,002 wire bytes: 31 flits of 32 B and a tail of 10 B) to h3 at 0. At 1 us h0 sends A (20 bytes: one
     * 22-byte flit) to h3 as well, then B (one flit) to h2. A waits at the switch for C's port; B waits at input 0
     * behind A although its own port is free (one slack buffer, one packet at a time).
     *
     * <pre>
     * (As in CutThroughTimingTest.) C's first flit leaves h1 at 160,000 (1 cycle + 5 cycles of send-DMA
     * start-up); its tail 31 flits later
     *   at 160,000 + 992 * 6,250 = 6,360,000, reaches port 3 a cable and a fall-through later    6,710,000
     * port 3 is busy with that 10-byte tail until                                  + 62,500 =  6,772,500
     * A's only flit (its tail) leaves then; port 3 tells input 0 across the crossbar + 31,250 =  6,803,750
     * input 0 sends B across the crossbar to port 2, which is free:                  + 31,250 =  6,835,000
     * B's 22 bytes leave at the link rate                                          + 137,500 =  6,972,500
     * h2's firmware hears of B a cable, 4 cycles of receive DMA and 1 cycle later  + 183,334 =  7,155,834
     * </pre>
     * With the switch as one component B left the moment A's tail did (h2 heard of it at 7,093,334): the two
     * crossbar stages are what it now costs an input to learn, from another port, that its previous packet has
     * gone.
     */
    @Test
    void theNextPacketOfAnInputGoesToAnotherPortTwoCrossbarStagesAfterTheTailBeforeIt() {
        HardwareProfile p = TestNets.now("");
        RunResult r = TestNets.run(TestNets.star(4), p, TestNets.program(n -> TestNets.firmware(ctx -> {
            if (ctx.nic() == 1) {
                ctx.transmit(ctx.packet(new byte[] {2}, new byte[1000]));
            } else if (ctx.nic() == 0) {
                ctx.timer(VirtualTime.US, "go");
            } else {
                ctx.postReceive(4);
            }
        }, (ctx, e) -> {
            if (e instanceof NicEvent.Timer) {
                ctx.transmit(ctx.packet(new byte[] {3}, new byte[20]));
                ctx.transmit(ctx.packet(new byte[] {2}, new byte[20]));
            } else if (e instanceof NicEvent.PacketReceived rx && rx.status() == NicEvent.Status.OK) {
                ctx.counter("test.at_h" + ctx.nic()).add(ctx.now());
                ctx.counter("test.packets").increment();
            }
        })), VirtualTime.MS);
        assertEquals(3, r.counter("test.packets"));
        assertEquals(7_155_834, r.counter("test.at_h2"));
        assertEquals(3, r.counter("switch.packets"));
        // A and B, 44 bytes, wait in input 0's slack buffer past its STOP threshold (32 B): one STOP to h0, sent
        // by port 3, which counts that buffer while A waits for it (B's bytes too: input 0 tells it of B).
        assertEquals(1, r.counter("switch.stops_sent"));
    }
}
