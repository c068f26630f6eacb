package org.nowemu.protocol.parts.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.commons.javaflow.api.continuable;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.ComponentReport;
import org.nowemu.actors.runtime.LedgerIds;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.protocol.am.Am;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.bench.PingPong;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.RoundTrips;
import org.nowemu.protocol.support.Systems;
import org.nowemu.protocol.system.Stack;
import org.nowemu.protocol.system.SystemCluster;

/**
 * Three systems on one 300-host cluster (a chain of 50 switches, 6 hosts each), each pair pinging: host 1 pings
 * host 0 over the basic protocol, host 2 pings host 3 over FM 2.x, host 256 pings host 257 over AM-II; the other
 * hosts' NICs run the basic protocol's firmware and no program. Under the old layouts AM-II's first message from
 * host 256 (256 << 40) and the basic protocol's first from host 1 to host 0 (1 << 48) were one id, 2^48: the ledger
 * saw a duplicate and the run failed. With one layout every id is the system's, its sender's and its destination's.
 */
class MixedSystemIdsTest {
    private static final int WARMUP = 2;
    private static final int ROUNDS = 3;
    private static final long LINGER = org.nowemu.actors.time.VirtualTime.MS;

    private final ConfigReader r = AmNets.config(
            "nowemu.topology { name = chain, chain { switches = 50, hosts-per-switch = 6 } }\n"
            // FM splits its receive slots among every other host: two credits each.
            + "nowemu.protocol.fm.receive-slots = 598");

    /** Pings {@code peer} (or answers it) {@code WARMUP + ROUNDS} times. */
    private record Pair(int peer, boolean pings) implements MessengerProgram {
        @Override
        @continuable
        public void run(Messenger m) {
            if (pings) {
                PingPong.ping(m, peer, 8, WARMUP, ROUNDS);
            } else {
                PingPong.pong(m, peer, 8, WARMUP, ROUNDS);
            }
            // Polls a while longer: AM-II's last reply is handled only by a program still polling.
            m.await(m.received() + 1, m.now() + LINGER);
        }
    }

    @Test
    void aRunOfAmiiBasicAndFmOnThreeHundredHostsKeepsEveryIdUnique() {
        Stack<?, ?> basic = Systems.stack(r, "basic");
        Stack<?, ?> fm = Systems.stack(r, "fm2");
        Stack<?, ?> amii = Systems.stack(r, "amii");
        assertEquals(300, AmNets.topology(r).hosts().size());
        RunResult res = Systems.run(SystemCluster.build(AmNets.topology(r), AmNets.profile(r),
                h -> h == 2 || h == 3 ? fm : h == 256 || h == 257 ? amii : basic,
                h -> {
                    Stack<?, ?> s = h == 2 || h == 3 ? fm : h == 256 || h == 257 ? amii : basic;
                    MessengerProgram p = switch (h) {
                        case 0 -> new Pair(1, false);
                        case 1 -> new Pair(0, true);
                        case 2 -> new Pair(3, true);
                        case 3 -> new Pair(2, false);
                        case 256 -> new Pair(257, true);
                        case 257 -> new Pair(256, false);
                        default -> null;
                    };
                    return p == null ? List.of() : List.of(s.messengerProgram(1 << 10, p).orElseThrow());
                }, Failures.none()));

        // Every id sent, by the system its id names, with the host that sent it.
        TreeSet<Long> ids = new TreeSet<>();
        TreeMap<String, Long> bySystem = new TreeMap<>();
        long sent = 0;
        for (ComponentReport c : res.components()) {
            for (long id : c.ledger().sentIds()) {
                sent++;
                ids.add(id);
                String who = LedgerIds.systemName(id) + " h" + LedgerIds.source(id) + "->h" + LedgerIds.destination(id);
                bySystem.merge(who, 1L, Long::sum);
                assertTrue(c.name().startsWith("h" + LedgerIds.source(id) + "."), c.name() + " sent " + who);
            }
        }
        assertEquals(sent, ids.size(), "no id sent twice");
        // A ping-pong of 2 + 3 rounds is 5 messages each way. The basic protocol and FM send exactly those; AM's
        // messenger sends each as a request, answered by an empty reply: 10 each way.
        assertEquals(new TreeMap<>(java.util.Map.of(
                "basic h1->h0", 5L, "basic h0->h1", 5L,
                "fm h2->h3", 5L, "fm h3->h2", 5L,
                "am h256->h257", 10L, "am h257->h256", 10L)), bySystem);
        assertEquals(0, res.ledger().duplicated(), res.ledger().firstBroken());
        assertEquals(0, res.ledger().endedWithCrash(), res.ledger().firstBroken());
        assertEquals(sent, res.ledger().handledOnce(), res.ledger().firstBroken());
        assertTrue(res.kept(), res.ledger().firstBroken());
    }

    private static final int TAG = 3;

    /** Does nothing: the first process of host 0, so that the second's endpoints start at 4096. */
    private static final AmProgram IDLE = new Idle();

    /** Three requests from this process's first endpoint (number 4096) to host 1's endpoint 0; waits for the replies. */
    private static final AmProgram CLIENT = new RoundTrips.Client(TAG, 0, 3, 4096);

    /** Answers three requests. */
    private static final AmProgram SERVER = new RoundTrips.Server(TAG, 3);

    private static final class Idle implements AmProgram {
        @Override
        public void run(Am am) {
        }
    }

    /**
     * With 8192 endpoints a NIC and two processes on host 0, the second process's endpoint is number 4096. Its
     * first request was once 0 << 40 | 4096 << 28 = 2^40, the id of host 1's endpoint 0's first message, the reply
     * to it: one id for two messages. Now the endpoint takes 13 bits of the stream, and the ledger keeps its books.
     */
    @Test
    void anEndpointNumberedFrom4096KeepsItsOwnIds() {
        ConfigReader c = AmNets.config("nowemu.topology.single.hosts = 2\nnowemu.protocol.max-endpoints = 8192");
        Stack<?, ?> amii = Systems.stack(c, "amii");
        RunResult res = Systems.run(SystemCluster.build(AmNets.topology(c), AmNets.profile(c), h -> amii,
                h -> h == 0 ? List.of(IDLE, CLIENT) : List.of(SERVER), Failures.none()));
        assertEquals(6, res.ledger().sent(), "three requests, three replies");
        assertEquals(6, res.ledger().handledOnce(), res.ledger().firstBroken());
        assertEquals(0, res.ledger().duplicated(), res.ledger().firstBroken());
        assertTrue(res.kept(), res.ledger().firstBroken());
    }
}
