package org.nowemu.hardware.link;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.support.TestNets;

class CutThroughTimingTest {
    /**
     * One packet of B body bytes from h0 over h switches to h1, on the now profile: LANai 37.5 MHz (one cycle
     * 26,667 ps rounded; 4 cycles 106,667; 5 cycles 133,333), links 160 MB/s (6,250 ps a byte), 50 ns cables,
     * 300 ns fall-through, 32-byte flits.
     *
     * <pre>
     * firmware queues the packet at 0       -> send DMA has it after 1 cycle                     26,667
     * send DMA start-up, 5 cycles            -> first flit leaves at t0 =                       160,000
     * W = h route bytes + B + 1 CRC byte leave the source at the link rate, the last flit at t0 + W*6,250 - last
     * each switch: cable + fall-through, cut through flit by flit: h * (50,000 + 300,000)
     * last cable into h1                                                                       + 50,000
     * receive DMA start-up, 4 cycles, delays every flit by the same                           + 106,667
     * the processor hears of the tail one cycle later                                          + 26,667
     * </pre>
     * so the firmware of h1 sees the packet at 160,000 + W*6,250 + h*350,000 + 183,334 ps.
     */
    @ParameterizedTest(name = "{1} bytes over {0} switches")
    @CsvSource({"1, 1000", "3, 1000", "5, 1000", "2, 64", "4, 4096"})
    void packetArrivesAtTheTimeTheLinkRateFallThroughAndCablesGive(int switches, int bodyBytes) {
        HardwareProfile p = TestNets.now("");
        // h0 on s0:0, s(i):1 to s(i+1):2, h1 on the last switch's port 1: +1, then -1 at every further switch.
        byte[] route = new byte[switches];
        java.util.Arrays.fill(route, (byte) -1);
        route[0] = 1;
        RunResult r = TestNets.run(TestNets.line(switches), p, TestNets.program(nic -> TestNets.firmware(ctx -> {
            if (ctx.nic() == 0) {
                ctx.transmit(ctx.packet(route, new byte[bodyBytes]));
            } else {
                ctx.postReceive(1);
            }
        }, (ctx, e) -> {
            if (e instanceof NicEvent.PacketReceived rx && rx.status() == NicEvent.Status.OK) {
                ctx.counter("test.arrival_ps").add(ctx.now());
            }
        })), VirtualTime.MS);
        long wire = switches + bodyBytes + 1;
        long expected = 160_000 + wire * 6_250 + switches * 350_000L + 50_000 + 106_667 + 26_667;
        assertEquals(expected, r.counter("test.arrival_ps"));
        assertEquals(wire, r.counter("nic.rx.bytes"));
        assertEquals(switches, r.counter("switch.packets"));
        assertEquals(0, r.counter("switch.stops_sent") + r.counter("nic.rx.stops_sent"), "nothing held the packet back");
    }
}
