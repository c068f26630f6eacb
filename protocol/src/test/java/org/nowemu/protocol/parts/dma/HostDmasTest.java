package org.nowemu.protocol.parts.dma;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.hardware.nic.DmaRequest;
import org.nowemu.protocol.support.FakeNic;

/** Host DMAs are tagged in the order started, and each completion goes back, as its record, to whoever started it. */
class HostDmasTest {
    /**
     * Three DMAs: a frame load (paging waits for it), an entry for the driver (nobody waits) and a delivery (delivery
     * waits). They get tags 1, 2, 3 and the engine sees them in that order. Completions are routed by tag whatever
     * their order; the driver's entry completes into nothing; a tag seen twice, or never issued (a previous life's
     * DMA finishing after a power cycle), is ignored.
     */
    @Test
    void eachCompletionReachesThePartThatStartedItAndNoOtherOnce() {
        FakeNic nic = new FakeNic(null);
        HostDmas dmas = new HostDmas(nic);
        List<String> paging = new ArrayList<>();
        List<String> delivery = new ArrayList<>();
        dmas.fromHost(2560, false, paging::add, "frame of endpoint 3 loaded");
        dmas.toHost(16, false, 11, "entry for the driver");
        dmas.toHost(64, true, 10, "delivery", delivery::add, "entry landed");
        assertEquals(List.of(1L, 2L, 3L), nic.dmaLog.stream().map(DmaRequest::tag).toList());
        assertEquals(List.of(false, true, true), nic.dmaLog.stream().map(DmaRequest::toHost).toList());
        assertEquals(2, dmas.waiting(), "the driver's entry has no completion to wait for");

        dmas.done(3);
        assertEquals(List.of("entry landed"), delivery);
        assertEquals(List.of(), paging);
        dmas.done(2);
        dmas.done(1);
        assertEquals(List.of("frame of endpoint 3 loaded"), paging);
        dmas.done(1);
        dmas.done(99);
        assertEquals(1, paging.size());
        assertEquals(1, delivery.size());
        assertEquals(0, dmas.waiting());
    }
}
