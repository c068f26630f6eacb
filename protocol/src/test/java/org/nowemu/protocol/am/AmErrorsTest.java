package org.nowemu.protocol.am;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.commons.javaflow.api.continuable;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.HostProgram;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.am.wire.Header;
import org.nowemu.protocol.support.AmNets;

/** Return to sender, protection and unreachable destinations. */
class AmErrorsTest {
    private static final long HORIZON = 100_000_000_000_000L;

    @Test
    void aBadTagReturnsTheMessageToItsSenderAndLeavesOtherVirtualNetworksAlone() {
        ConfigReader r = AmNets.config("nowemu.topology.single.hosts = 2");
        List<String> returned = new ArrayList<>();
        int[] goodReplies = {0};
        int[] handledOnServer = new int[2];
        AmProgram client = new TwoTags(returned, goodReplies);
        AmProgram server = new TwoEndpoints(handledOnServer);
        RunResult res = AmNets.run(r, "amii", Map.of(0, client, 1, server), HORIZON);
        assertEquals(List.of("BAD_TAG:7,8"), returned, "returned with the code and the original arguments");
        assertEquals(0, handledOnServer[0], "the endpoint with the other tag saw nothing");
        assertEquals(5, handledOnServer[1]);
        assertEquals(5, goodReplies[0], "the other virtual network went on");
        assertEquals(1, res.counter("vn.rejected.bad_tag"));
    }

    @Test
    void aProgramCannotSendFromPollOrReadAnotherProcesssEndpoint() {
        ConfigReader r = AmNets.config("nowemu.topology.single.hosts = 2");
        AtomicReference<Endpoint> stolen = new AtomicReference<>();
        List<String> refusals = new ArrayList<>();
        AmProgram owner = new Owner(stolen);
        AmProgram thief = new Thief(stolen, refusals);
        RunResult res = AmNets.run(r, "amii", Map.of(0, owner, 1, thief), HORIZON);
        assertEquals(List.of("BAD_ENDPOINT", "BAD_ENDPOINT", "BAD_ENDPOINT"), refusals);
        assertEquals(0, res.counter("am.requests_sent"));
    }

    @Test
    void theFirmwareRejectsForgedPacketsWithoutTouchingTheTargetEndpoint() {
        // A privileged (mapper) endpoint on h2 hand-crafts VN packets for h1.ep0 (tag 77): one with the wrong
        // tag, one naming an endpoint that does not exist. The receiving NIC checks both before the endpoint.
        ConfigReader r = AmNets.config("nowemu.topology.single.hosts = 3");
        int[] handled = {0};
        AmProgram target = new Target(handled);
        AmProgram forger = new Forger();
        RunResult res = AmNets.run(r, "amii", Map.of(1, target, 2, forger), HORIZON);
        assertEquals(0, handled[0]);
        assertEquals(1, res.counter("vn.rejected.bad_tag"));
        assertEquals(1, res.counter("vn.rejected.bad_endpoint"));
        assertEquals(0, res.counter("vn.delivered"));
    }

    /** A request as if from h2.ep0 on {@code channel}, to endpoint {@code dstEp} of h1 with {@code tag}. */
    private static Header forged(int channel, int dstEp, int tag) {
        return new Header(Header.DATA, false, channel, 0, 0, 0, 1, 2, 0, dstEp, tag, 0, 1L, 0, -1, new int[] {1, 2, 3, 4},
                new byte[0]);
    }

    @Test
    void aMessageToAPoweredOffNicReturnsUnreachableAfter255Retransmissions() {
        // quantum 10 ms, timeout 2 ticks. The request occupies its channel at t0 (a few us in) and the timer's
        // first tick comes at t0 + 10 ms. Ticks count 1, 2: the first retransmission is at the 2nd tick, then one
        // every 2 ticks; the 255th is at tick 510, and at tick 512 the firmware gives up: t0 + 512 x 10 ms =
        // 5.12 s plus t0 and a few microseconds of firmware and DMA.
        ConfigReader r = AmNets.config("nowemu.topology.single.hosts = 2");
        long[] sentAt = {0};
        long[] returnedAt = {0};
        List<AmError> why = new ArrayList<>();
        AmProgram client = new ToPoweredOff(sentAt, returnedAt, why);
        StackSettings stack = AmNets.stack(r, "amii");
        HostProgram base = AmCluster.program(AmNets.topology(r), AmNets.profile(r), h -> stack,
                h -> h == 0 ? List.of(client) : List.of());
        HostProgram withH1Off = new HostProgram() {
            @Override
            public Firmware firmware(NicParts nic) {
                return nic.nic() == 1 ? new Off() : base.firmware(nic);
            }

            @Override
            public List<Part> hostParts(NicParts nic, int firstId) {
                return base.hostParts(nic, firstId);
            }
        };
        Cluster c = Cluster.build(AmNets.topology(r), AmNets.profile(r), withH1Off);
        RunResult res = Emulation.run(c.model(), new RuntimeSettings(7, 2, false, 0), HORIZON);
        assertEquals(List.of(AmError.UNREACHABLE), why);
        assertEquals(255, res.counter("vn.retransmissions"));
        long elapsed = returnedAt[0] - sentAt[0];
        assertTrue(elapsed >= 5_120_000_000_000L && elapsed < 5_120_000_000_000L + 100_000_000L,
                "elapsed " + elapsed + " ps");
    }

    /** A NIC without power: its processor ignores everything (the packets still drain off the link). */
    private static final class Off implements Firmware {
        @Override
        public void start(NicContext nic) {
            nic.postReceive(1_000);
        }

        @Override
        @continuable
        public void handle(NicContext nic, Object event) {
            nic.postReceive(1);
        }
    }

    @Test
    void aMediumMessageArrivesWhole() {
        ConfigReader r = AmNets.config("nowemu.topology.single.hosts = 2");
        byte[] sent = new byte[3000];
        for (int i = 0; i < sent.length; i++) {
            sent[i] = (byte) (i * 7);
        }
        byte[][] got = new byte[1][];
        int[] bulk = {0};
        AmProgram client = new MediumAndBulk(sent);
        AmProgram server = new Region(sent, got, bulk);
        AmNets.run(r, "amii", Map.of(0, client, 1, server), HORIZON);
        assertArrayEquals(sent, got[0]);
        assertEquals(1, bulk[0], "the bulk data landed at offset 100 of the region");
    }

    /** A copy of {@code b} (not {@code b.clone()}: javaflow's weaver cannot resolve a method of an array type). */
    private static byte[] copy(byte[] b) {
        return java.util.Arrays.copyOf(b, b.length);
    }

    /** Counts each message in n[i]; with {@code reply}, answers it with an empty reply to handler 2. */
    private record Count(int[] n, int i, boolean reply) implements Handler {
        @Override
        public void handle(Token t, Message m) {
            n[i]++;
            if (reply) {
                t.reply(2);
            }
        }
    }

    /**
     * One request from an endpoint that maps host 1's endpoint 0 with the wrong tag (666: returned, noted in
     * {@code returned}), five from one that maps host 1's endpoint 1 with its tag (their replies counted).
     */
    private record TwoTags(List<String> returned, int[] goodReplies) implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint wrong = am.endpoint(1);
            Endpoint right = am.endpoint(2);
            wrong.map(0, new EndpointName(1, 0), 666);
            right.map(0, new EndpointName(1, 1), 200);
            wrong.setErrorHandler((why, m) -> returned.add(why + ":" + m.arg(0) + "," + m.arg(1)));
            right.setHandler(2, new Count(goodReplies, 0, false));
            wrong.request(0, 1, 7, 8);
            for (int i = 0; i < 5; i++) {
                right.request(0, 1, i, 0);
            }
            am.pollUntil(() -> wrong.credits() == 4 && right.credits() == 4);
        }
    }

    /** Endpoints 0 (tag 100) and 1 (tag 200), counting what each handles; endpoint 1 replies. */
    private record TwoEndpoints(int[] handled) implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint a = am.endpoint(100);
            Endpoint b = am.endpoint(200);
            a.setHandler(1, new Count(handled, 0, false));
            b.setHandler(1, new Count(handled, 1, true));
            am.pollUntil(() -> false);
        }
    }

    /** Creates and maps an endpoint, and leaves it where the thief can reach it. */
    private record Owner(AtomicReference<Endpoint> stolen) implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint ep = am.endpoint(5);
            ep.map(0, new EndpointName(1, 0), 5);
            stolen.set(ep);
            am.pollUntil(() -> false);
        }
    }

    /** Tries to send from, poll and read the owner's endpoint; notes each refusal. */
    private record Thief(AtomicReference<Endpoint> stolen, List<String> refusals) implements AmProgram {
        @Override
        public void run(Am am) {
            am.endpoint(5);
            // Waits (in virtual time: a computeFor would only move the program's clock ahead) until the owner has
            // long created and mapped its endpoint.
            am.sleep(1_000_000_000L);
            Endpoint ep = stolen.get();
            for (Runnable attempt : List.<Runnable>of(() -> ep.request(0, 1, 1), ep::poll, ep::segment)) {
                try {
                    attempt.run();
                } catch (AmException e) {
                    refusals.add(e.error().name());
                }
            }
        }
    }

    /** Endpoint 0 (tag 77), counting what it handles. */
    private record Target(int[] handled) implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint ep = am.endpoint(77);
            ep.setHandler(1, new Count(handled, 0, false));
            am.pollUntil(() -> false);
        }
    }

    /** At 100 us, two forged packets to h1 from a privileged endpoint: a wrong tag, then a missing endpoint. */
    private record Forger() implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint raw = am.privilegedEndpoint(0);
            // h2 sits on port 2, h1 on port 1: one offset back from the entry port.
            byte[] route = {-1};
            am.computeFor(100_000_000L);
            raw.sendRaw(route, forged(0, 0, 12345).encode());
            raw.sendRaw(route, forged(1, 999, 77).encode());
        }
    }

    /** One request to h1's endpoint 0; notes when it went, when it came back and why. */
    private record ToPoweredOff(long[] sentAt, long[] returnedAt, List<AmError> why) implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint ep = am.endpoint(1);
            ep.map(0, new EndpointName(1, 0), 1);
            ep.setErrorHandler((e, m) -> {
                why.add(e);
                returnedAt[0] = am.now();
            });
            sentAt[0] = am.now();
            ep.request(0, 1, 9);
            am.pollUntil(() -> ep.credits() == 4);
        }
    }

    /** {@code sent} as a medium request to handler 1 and as a bulk transfer to offset 100, handler 3. */
    private record MediumAndBulk(byte[] sent) implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint ep = am.endpoint(1);
            ep.map(0, new EndpointName(1, 0), 1);
            ep.setHandler(2, Handlers.ignore());
            ep.requestMedium(0, 1, sent, 5);
            ep.requestBulk(0, 3, sent, 100);
            am.pollUntil(() -> ep.credits() == 4);
        }
    }

    /** A region of 4 KB: handler 1 keeps a medium message's data, handler 3 checks where the bulk data landed. */
    private record Region(byte[] sent, byte[][] got, int[] bulk) implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint ep = am.endpoint(1);
            ep.setSegment(4096);
            ep.setHandler(1, new Kept(got));
            ep.setHandler(3, new Landed(ep, sent, bulk));
            am.pollUntil(() -> false);
        }
    }

    /** Keeps a copy of the message's data in got[0], and replies. */
    private record Kept(byte[][] got) implements Handler {
        @Override
        public void handle(Token t, Message m) {
            got[0] = copy(m.data());
            t.reply(2);
        }
    }

    /** bulk[0] is 1 if the bulk data's last byte is at offset 100 + 2999 of the region, else -1; replies. */
    private record Landed(Endpoint ep, byte[] sent, int[] bulk) implements Handler {
        @Override
        public void handle(Token t, Message m) {
            bulk[0] = ep.segment()[100 + 2999] == sent[2999] && m.offset() == 100 ? 1 : -1;
            t.reply(2);
        }
    }
}
