package org.nowemu.protocol.fmmc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/**
 * FM/MC's multicast with buffers granted by the central manager on NIC 0: every member gets every message once
 * and in order from each root, and no NIC's multicast buffers overflow (an overflow fails the run in
 * {@code ForwardingBuffers}) with every host broadcasting at once; unicast is FM 1.x's, alongside.
 */
class FmMcMulticastTest {
    /**
     * 16 hosts each broadcast 12 one-packet messages to all, and send one unicast message to the next host: 2,880
     * multicast and 16 unicast messages handled. With 4 buffers a NIC and 2-slot host areas, the manager must hold
     * requests back until members release buffers (fmmc.grants_waited), and NICs hold packets while host areas
     * are full; still nothing overflows, is lost, duplicated or reordered. Each broadcast crosses 15 tree edges,
     * 2 of them the root's own sends: 16 x 12 x 13 = 2,496 forwards.
     */
    @Test
    void everyHostBroadcastingAtOnceDeliversEveryMessageOnceInOrderWithoutOverflow() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro\nnowemu.topology.name = chain\n"
                + "nowemu.topology.chain.switches = 4\nnowemu.topology.chain.hosts-per-switch = 4\n"
                + "nowemu.protocol.fmmc.buffers = 4\nnowemu.protocol.fmmc.host-slots = 2\n"
                + "nowemu.protocol.fmmc.request = 2\nnowemu.protocol.fmmc.release = 1\n");
        int hosts = 16;
        int each = 12;
        int[][] next = new int[hosts][hosts];
        int[] unicasts = new int[hosts];
        RunResult res = Systems.run(Systems.cluster(r, "fmmc", FmMcProgram.class,
                h -> new Member(h, hosts, each, next, unicasts)));
        for (int h = 0; h < hosts; h++) {
            for (int s = 0; s < hosts; s++) {
                assertEquals(s == h ? 0 : each, next[h][s], "host " + h + " from " + s);
            }
            assertEquals(1, unicasts[h]);
        }
        assertEquals(hosts * (hosts - 1) * each, res.counter("fmmc.delivered"));
        assertEquals(hosts * each * (hosts - 1 - 2), res.counter("fmmc.forwarded"));
        assertTrue(res.counter("fmmc.grants_waited") > 0, "the manager had to hold requests back");
        assertTrue(res.counter("fmmc.held_for_host") > 0, "host areas filled");
        assertTrue(res.ledger().kept(), res.ledger().toString());
        assertEquals(hosts * (hosts - 1) * each + hosts, res.ledger().handledOnce());
    }

    /**
     * Host h multicasts {@code each} numbered messages of 64 B to all (extracting after each), then one unicast of
     * 300 B to the next host, and extracts until it has every other host's multicasts and one unicast; next[h][s]
     * counts, and checks the order of, what came from s.
     */
    private record Member(int h, int hosts, int each, int[][] next, int[] unicasts) implements FmMcProgram {
        @Override
        public void run(FmMc fm) {
            int[] got = {0};
            fm.register(2, (buf, n, sender) -> {
                ByteBuffer b = ByteBuffer.wrap(buf);
                assertEquals(sender, b.getInt());
                assertEquals(next[h][sender]++, b.getInt(), "host " + h + " from " + sender);
                got[0]++;
            });
            fm.register(3, (buf, n, sender) -> unicasts[h]++);
            byte[] m = new byte[64];
            for (int k = 0; k < each; k++) {
                ByteBuffer.wrap(m).putInt(h).putInt(k);
                fm.mcSend(0, hosts, 2, m, 64);
                fm.extract();
            }
            fm.send((h + 1) % hosts, 3, new byte[300], 300);
            fm.extractUntil(() -> got[0] == (hosts - 1) * each && unicasts[h] == 1, Long.MAX_VALUE);
        }
    }
}
