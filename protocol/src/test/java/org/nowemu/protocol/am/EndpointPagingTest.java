package org.nowemu.protocol.am;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.javaflow.api.continuable;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.support.AmNets;

/** Endpoint virtualization end to end: more busy endpoints than frames, threads waiting on semaphores. */
class EndpointPagingTest {
    private static final int TAG = 0x77;
    private static final long START = 3_000_000_000L;

    /** A server thread: one endpoint, event-driven (wait, drain with events off, re-arm, poll once more). */
    @continuable
    private static void serve(Am am, int[] handled) {
        Endpoint ep = am.endpoint(TAG);
        ep.setHandler(1, new Handled(handled));
        ep.setEvents(true);
        while (true) {
            ep.awaitAndDrain();
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
                + "nowemu.hardware.profiles.now.nic.endpoint-frames = 2\nnowemu.protocol.transport.quantum = 1ms\n"
                + "nowemu.protocol.paging.residency = 0ms");
        StackSettings stack = AmNets.stack(r, "amii");
        int[] handled = new int[clients + 1];
        int[] replies = new int[clients + 1];
        List<AmProgram> threads = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            threads.add(new Server(handled));
        }
        RunResult res = AmNets.run(r, h -> stack, h -> {
            if (h == 0) {
                return List.of(new AmThreads(threads));
            }
            int server = AmCluster.firstEndpoint(stack, 1, 0, clients, h - 1);
            return List.of(new Client(server, h, perClient, replies));
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
        // Every interrupt becomes one post of a semaphore, and each post wakes one wait.
        assertEquals(res.counter("vn.interrupts"), res.counter("driver.posts"));
    }

    /**
     * Both sides overcommitted: host 1 runs one thread with four endpoints, each talking to its own server thread
     * and endpoint on host 0, and both NICs have two frames. A request sent from a client endpoint may be NACKed
     * because its server endpoint is out, and the client endpoint may then be evicted with the request taken back;
     * still every request is handled once and answered once. No time slice (residency 0): endpoints leave as soon
     * as they have progressed, so evictions of endpoints with NACKed packets in flight (take-backs) happen.
     */
    @Test
    void overcommittedOnBothSidesEveryRequestIsAnsweredOnce() {
        int endpoints = 4;
        int perEndpoint = 6;
        ConfigReader r = AmNets.config("nowemu.topology.single.hosts = 2\n"
                + "nowemu.hardware.profiles.now.nic.endpoint-frames = 2\nnowemu.protocol.transport.quantum = 1ms\n"
                + "nowemu.protocol.paging.residency = 0ms");
        StackSettings stack = AmNets.stack(r, "amii");
        int[] handled = new int[endpoints];
        int[] replies = new int[endpoints];
        List<AmProgram> threads = new ArrayList<>();
        for (int i = 0; i < endpoints; i++) {
            threads.add(new Server(handled));
        }
        RunResult res = AmNets.run(r, h -> stack, h -> h == 0 ? List.of(new AmThreads(threads))
                : List.of(new FourEndpoints(stack, endpoints, perEndpoint, replies)), 10_000_000_000_000L);
        for (int e = 0; e < endpoints; e++) {
            assertEquals(perEndpoint, handled[e], "endpoint " + e + " requests handled");
            assertEquals(perEndpoint, replies[e], "endpoint " + e + " replies");
        }
        assertEquals(2L * endpoints * perEndpoint, res.counter("vn.delivered"));
        assertTrue(res.counter("vn.evictions") > 0);
        assertTrue(res.counter("vn.taken_back") > 0, "NACKed requests went back with their endpoints");
    }

    /**
     * One frame. The thread creates endpoint A (it takes the frame) and writes into it, creates B (no frame: B
     * stays in host memory), idles 1 ms so that nothing is in flight, then writes into B at t0: an endpoint fault.
     * With H(n) n host cycles, L(n) n LANai cycles, s = L(1) the on-board signal, W(b) and R(b) b bytes at the
     * consistent DMA's write rate (into host memory) and read rate (out of it), 1 us its start-up (off the bus), a
     * 1-word PIO 250 ns, and a consistent DMA of b bytes to a host component taking D(b) = s + L(5) + 1 us + W(b) + s
     * from the LANai's request to the component:
     * <ol>
     *   <li>thread traps (syscall, H(1670)); the driver hears of it at + s;</li>
     *   <li>driver's fault work H(835), then a Load word by PIO: NIC sees it after s + 250 ns + s;</li>
     *   <li>LANai: doorbell L(10); no frame free, A (used) is chosen: Evicting(A) to the driver, D(16);</li>
     *   <li>driver: unmap A and unpin its staging page, H(334 + 167); tells the thread, + s;</li>
     *   <li>thread (blocked, its memory still answers) says unmapped, + s;</li>
     *   <li>driver writes Unmapped by PIO: s + 250 ns + s;</li>
     *   <li>LANai: doorbell L(10); A has nothing in flight: its frame (F bytes) goes out by DMA and the LANai hears
     *       it done after s + L(5) + 1 us + W(F) + s + s;</li>
     *   <li>B's frame comes in the same way: s + L(5) + 1 us + R(F) + s + s;</li>
     *   <li>Loaded(B) to the driver, D(16);</li>
     *   <li>driver: map B and pin its staging page, H(334 + 167); Mapped to the thread, + s: it resumes.</li>
     * </ol>
     */
    @Test
    void aThreadBlockedOnAnEndpointFaultResumesWhenTheLoadCompletes() {
        ConfigReader r = AmNets.config("nowemu.topology.single.hosts = 1\n"
                + "nowemu.hardware.profiles.now.nic.endpoint-frames = 1");
        StackSettings stack = AmNets.stack(r, "amii");
        long[] t = new long[2];
        RunResult res = AmNets.run(r, h -> stack, h -> List.of(new FaultInB(t)), 1_000_000_000_000L);
        org.nowemu.hardware.profile.HardwareProfile p = AmNets.profile(r);
        java.util.function.LongUnaryOperator host = n -> p.host().cpu().cycles(n);
        java.util.function.LongUnaryOperator lanai = n -> p.nic().lanai().cycles(n);
        long s = lanai.applyAsLong(1);
        long pio = 250_000;
        long startup = 1_000_000;
        java.util.function.LongUnaryOperator write = b -> p.bus().consistent().rate(true).psFor(b);
        java.util.function.LongUnaryOperator read = b -> p.bus().consistent().rate(false).psFor(b);
        long frame = org.nowemu.protocol.am.vn.VnFirmware.frameBytes(stack);
        long toDriver16 = s + lanai.applyAsLong(5) + startup + write.applyAsLong(16) + s;
        long moveOut = s + lanai.applyAsLong(5) + startup + write.applyAsLong(frame) + s + s;
        long moveIn = s + lanai.applyAsLong(5) + startup + read.applyAsLong(frame) + s + s;
        long expected = t[0]
                + host.applyAsLong(1670) + s
                + host.applyAsLong(835) + s + pio + s
                + lanai.applyAsLong(10) + toDriver16
                + host.applyAsLong(334 + 167) + s
                + s
                + s + pio + s
                + lanai.applyAsLong(10) + moveOut
                + moveIn
                + toDriver16
                + host.applyAsLong(334 + 167) + s;
        assertEquals(expected, t[1], "resumed " + (t[1] - t[0]) + " ps after the fault");
        assertEquals(1, res.counter("am.endpoint_faults"));
        assertEquals(1, res.counter("vn.evictions"));
    }

    /** Client {@code h}: after START, {@code n} requests to the server endpoint {@code server} of host 0. */
    private record Client(int server, int h, int n, int[] replies) implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint ep = am.endpoint(TAG);
            ep.map(0, new EndpointName(0, server), TAG);
            ep.setHandler(2, new Counted(replies));
            am.computeFor(START);
            for (int k = 0; k < n; k++) {
                ep.request(0, 1, h, k);
            }
            am.pollUntil(() -> replies[h] == n);
        }
    }

    /** One thread with {@code endpoints} endpoints, each sending {@code n} requests to its own server on host 0. */
    private record FourEndpoints(StackSettings stack, int endpoints, int n, int[] replies) implements AmProgram {
        @Override
        public void run(Am am) {
            List<Endpoint> eps = new ArrayList<>();
            for (int e = 0; e < endpoints; e++) {
                Endpoint ep = am.endpoint(TAG);
                ep.map(0, new EndpointName(0, AmCluster.firstEndpoint(stack, 1, 0, endpoints, e)), TAG);
                ep.setHandler(2, new Counted(replies));
                eps.add(ep);
            }
            am.computeFor(START);
            for (int k = 0; k < n; k++) {
                for (int e = 0; e < endpoints; e++) {
                    eps.get(e).request(0, 1, e, k);
                }
            }
            am.pollUntil(() -> java.util.Arrays.stream(replies).sum() == endpoints * n);
        }
    }

    /** Creates A (mapped) and B, idles 1 ms, then writes into B: t[0] before, t[1] after. */
    private record FaultInB(long[] t) implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint a = am.endpoint(TAG);
            a.map(0, new EndpointName(0, 1), TAG);
            Endpoint b = am.endpoint(TAG);
            am.computeFor(1_000_000_000L);
            t[0] = am.now();
            b.setEvents(false);
            t[1] = am.now();
        }
    }

    /** One server thread. */
    private record Server(int[] handled) implements AmProgram {
        @Override
        @continuable
        public void run(Am am) {
            serve(am, handled);
        }
    }

    /** A request from client {@code arg(0)}: counted, answered with its first two words. */
    private record Handled(int[] handled) implements Handler {
        @Override
        @continuable
        public void handle(Token t, Message m) {
            handled[m.arg(0)]++;
            t.reply(2, m.arg(0), m.arg(1));
        }
    }

    /** A reply to client {@code arg(0)}: counted. */
    private record Counted(int[] replies) implements Handler {
        @Override
        @continuable
        public void handle(Token t, Message m) {
            replies[m.arg(0)]++;
        }
    }
}
