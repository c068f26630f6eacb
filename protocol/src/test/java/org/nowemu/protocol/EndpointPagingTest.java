package org.nowemu.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.am.Am;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.AmThreads;
import org.nowemu.protocol.am.Endpoint;
import org.nowemu.protocol.am.EndpointName;
import org.nowemu.protocol.stack.StackSettings;
import org.nowemu.protocol.support.AmNets;

/** Endpoint virtualization end to end: more busy endpoints than frames, threads waiting on semaphores. */
class EndpointPagingTest {
    private static final int TAG = 0x77;
    private static final long START = 3_000_000_000L;

    /** A server thread: one endpoint, event-driven (wait, drain with events off, re-arm, poll once more). */
    private static void serve(Am am, int[] handled) {
        Endpoint ep = am.endpoint(TAG);
        ep.setHandler(1, (t, m) -> {
            handled[m.arg(0)]++;
            t.reply(2, m.arg(0), m.arg(1));
        });
        ep.setEvents(true);
        while (true) {
            ep.waitEvent();
            ep.setEvents(false);
            while (ep.poll() > 0) {
                // drain
            }
            ep.setEvents(true);
            ep.poll();
        }
    }

    /**
     * Two frames, six server endpoints each with its own thread and its own busy client (3 x the frames): every
     * request is handled once and answered once; endpoints fault in and are evicted.
     */
    @Test
    void threeTimesMoreBusyEndpointsThanFramesAnswerEveryRequestOnce() {
        int clients = 6;
        int perClient = 30;
        ConfigReader r = AmNets.config("nowemu.topology.single.hosts = 7\n"
                + "nowemu.hardware.profiles.now.nic.endpoint-frames = 2\nnowemu.protocol.transport.quantum = 1ms");
        StackSettings stack = AmNets.stack(r, "amii");
        int[] handled = new int[clients + 1];
        int[] replies = new int[clients + 1];
        List<AmProgram> threads = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            threads.add(am -> serve(am, handled));
        }
        RunResult res = AmNets.run(r, h -> stack, h -> {
            if (h == 0) {
                return List.of(new AmThreads(threads));
            }
            int server = AmCluster.firstEndpoint(stack, 1, 0, clients, h - 1);
            return List.of(am -> {
                Endpoint ep = am.endpoint(TAG);
                ep.map(0, new EndpointName(0, server), TAG);
                ep.setHandler(2, (t, m) -> replies[m.arg(0)]++);
                am.computeFor(START);
                for (int k = 0; k < perClient; k++) {
                    ep.request(0, 1, h, k);
                }
                am.pollUntil(() -> replies[h] == perClient);
            });
        }, 10_000_000_000_000L);
        for (int c = 1; c <= clients; c++) {
            assertEquals(perClient, handled[c], "client " + c + " requests handled");
            assertEquals(perClient, replies[c], "client " + c + " replies");
        }
        // Exactly once also on the wire: every request and reply was accepted once (duplicates would be ACKed
        // again, not delivered).
        assertEquals(2L * clients * perClient, res.counter("vn.delivered"));
        assertEquals(clients * perClient, res.counter("am.requests_handled"));
        assertEquals(clients * perClient, res.counter("am.replies_handled"));
        assertTrue(res.counter("am.endpoint_faults") > 0, "threads touched evicted endpoints");
        assertTrue(res.counter("driver.nic_faults") > 0, "messages arrived for evicted endpoints");
        assertTrue(res.counter("vn.evictions") > 0);
        assertTrue(res.counter("vn.nacks_not_resident") > 0);
    }
}
