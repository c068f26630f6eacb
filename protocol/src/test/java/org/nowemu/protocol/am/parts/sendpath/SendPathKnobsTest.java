package org.nowemu.protocol.am.parts.sendpath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.hardware.nic.SendDma;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.parts.endpoints.EndpointFrame;
import org.nowemu.protocol.am.parts.endpoints.EndpointTable;
import org.nowemu.protocol.am.stack.SensitivityKnobs;
import org.nowemu.protocol.am.wire.Header;
import org.nowemu.protocol.parts.dma.HostDmas;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.FakeNic;

/**
 * The send path's sensitivity knobs, step by step on NIC 0 (the {@code now} profile: LANai at 37.5 MHz, a cycle of
 * 26,667 ps), store-and-forward, 64-byte medium messages to NIC 1 whose data packet costs 62 cycles.
 */
class SendPathKnobsTest {
    private static final byte[] ROUTE = {3};
    private static final int SEND_DMA = 42;

    private final FakeNic nic = new FakeNic(HardwareProfile.read(AmNets.config("")).nic());
    private final HostDmas dmas = new HostDmas(nic);
    private final EndpointTable endpoints = new EndpointTable(4);

    SendPathKnobsTest() {
        endpoints.put(new EndpointFrame(new Doorbell.Open(0, 7, 10, false, 1, 11), 4));
    }

    private SendPath path(SensitivityKnobs k) {
        return new SendPath(nic, endpoints, dmas, false, true, 62, p -> "loopback " + p.id(), k, SEND_DMA);
    }

    private static Header message(long id, int bytes) {
        return new Header(Header.DATA, false, 0, 0, 0, 0, 1, 0, 0, 0, 7, 7, id, 0, -1, new int[0], new byte[bytes], 1,
                0, 0);
    }

    private void completeDma(int index) {
        dmas.done(nic.dmaLog.get(index).tag());
    }

    /** added-gap 10 us: 375 cycles of stall after the packet's 62, so 437 in all. */
    @Test
    void addedGapStallsTheLanaiAfterEachDataPacket() {
        SendPath path = path(new SensitivityKnobs(0, 10_000_000, 0, 0));
        path.send(message(1, 64), ROUTE, 1, null);
        completeDma(0);
        assertEquals(1, nic.sent.size());
        assertEquals(62 + 375, nic.cycles);
    }

    /** added-per-byte 10 ns: the 64-byte fetch ends 640 ns later, only then the packet goes; the path stays held. */
    @Test
    void addedPerByteStretchesTheFetch() {
        SendPath path = path(new SensitivityKnobs(0, 0, 0, 10_000));
        path.send(message(1, 64), ROUTE, 1, null);
        completeDma(0);
        assertTrue(nic.sent.isEmpty(), "still being fetched");
        assertFalse(path.drain(), "the path is held through the stretch");
        Object tag = nic.pendingTimers().get(0);
        nic.now = 640_000;
        path.onKnob((SendPath.Knob) tag);
        assertEquals(1, nic.sent.size());
    }

    /**
     * added-latency 10 us: a short packet goes to the send DMA through the line by itself, not through the LANai,
     * and leaves the path free. A medium packet frees the path while it waits in the line (message 2's fetch
     * starts), and when it comes out during that fetch it waits for it, then takes the path until its tail leaves.
     */
    @Test
    void addedLatencyDelaysPacketsWithoutHoldingTheNic() {
        SendPath path = path(new SensitivityKnobs(0, 0, 10_000_000, 0));
        path.send(message(1, 0), ROUTE, 1, null);
        assertTrue(nic.sent.isEmpty(), "not on the wire through the LANai");
        assertEquals(1, nic.told.size());
        assertTrue(nic.told.get(0) instanceof SendDma.Transmit, "handed to the delay line before the send DMA");
        assertTrue(path.drain(), "the path is free");

        path.send(message(2, 64), ROUTE, 1, null);
        completeDma(0);
        assertTrue(nic.sent.isEmpty());
        assertTrue(path.drain(), "free while message 2 waits in the line");
        path.send(message(3, 64), ROUTE, 1, null);
        assertEquals(2, nic.dmaLog.size(), "message 3's fetch started");
        path.onKnob((SendPath.Knob) nic.pendingTimers().get(0));
        assertFalse(path.drain(), "message 3's fetch holds the path");
        assertTrue(nic.sent.isEmpty(), "message 2 waits for it");
        completeDma(1);
        assertTrue(nic.sent.isEmpty(), "message 3 went into the line");
        assertFalse(path.drain(), "message 2 out of the line takes the path");
        assertEquals(List.of(2L), nic.sent.stream().map(p -> Header.decode(p.body()).msgId()).toList());
        path.sent(nic.sent.get(0).id());
        assertTrue(path.drain(), "free once its tail has left");
    }
}
