package org.nowemu.protocol.vmmc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Ledger;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/** VMMC is sender-based: data lands where the sender said in a buffer it imported, and nowhere without an import. */
class VmmcDepositTest {
    private static final long US = 1_000_000L;

    /**
     * Host 1 exports an 8 KB buffer (export 0). Host 0, after 500 us, imports it and sends 100 bytes (1..100) from
     * its address 0x1000_0FF0 to offset 4050, with a notification. The local buffer crosses a page 16 bytes in, so
     * the NIC cuts two packets, 16 and 84 bytes, each page translated by a TLB miss (2 misses). At the receiver the
     * first lands at 4050..4065 (one DMA), the second at 4066..4149, across the page at 4096 (two DMAs): 3 deposit
     * DMAs. The notification names offset 4066 and 84 bytes (the last packet); the buffer holds the 100 bytes at
     * 4050 and zeros elsewhere. One request promised and handled.
     */
    @Test
    void dataLandsAtTheSenderChosenOffsetOfTheExportedBuffer() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro");
        byte[] data = new byte[100];
        for (int i = 0; i < 100; i++) {
            data[i] = (byte) (i + 1);
        }
        byte[][] buffer = new byte[1][];
        Vmmc.Notification[] seen = new Vmmc.Notification[1];
        RunResult res = Systems.run(Systems.pair(r, "vmmc", VmmcProgram.class, new Deposit(data),
                new Exporter(8192, seen, buffer)));
        assertEquals(new Vmmc.Notification(0, 0, 4066, 84), seen[0]);
        assertArrayEquals(data, Arrays.copyOfRange(buffer[0], 4050, 4150));
        assertEquals(100, countNonZero(buffer[0]), "nothing lands outside the sender's range");
        assertEquals(2, res.counter("vmmc.transmitted"));
        assertEquals(2, res.counter("vmmc.tlb.misses"));
        assertEquals(3, res.counter("vmmc.deposit_dmas"));
        assertEquals(1, res.counter("vmmc.imports_granted"));
        Ledger l = res.ledger();
        assertTrue(l.kept(), l.toString());
        assertEquals(1, l.sent());
        assertEquals(1, l.handledOnce());
    }

    /**
     * Host 1 exports one 4 KB buffer. Host 0 asks for export 5, which host 1 does not have: refused (-1). It then
     * sends on import 3, which it never got: its NIC refuses the request. It imports export 0 and sends 100 bytes
     * at offset 4000, past the buffer's end: refused too. Nothing leaves the NIC but the two import requests, nothing
     * is promised, and host 1's buffer stays empty.
     */
    @Test
    void aSenderWithoutAnImportIsRefused() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro");
        byte[][] buffer = new byte[1][];
        RunResult res = Systems.run(Systems.pair(r, "vmmc", VmmcProgram.class, new Refused(),
                new Exporter(4096, null, buffer)));
        assertEquals(1, res.counter("vmmc.imports_refused"));
        assertEquals(1, res.counter("vmmc.imports_granted"));
        assertEquals(1, res.counter("vmmc.refused.no_import"));
        assertEquals(1, res.counter("vmmc.refused.bounds"));
        assertEquals(0, res.counter("vmmc.transmitted"));
        assertEquals(0, countNonZero(buffer[0]));
        assertEquals(0, res.ledger().sent());
        assertTrue(res.ledger().kept());
    }

    /** At 500 us imports host 1's export 0 and sends {@code data} to offset 4050 from 0x1000_0FF0, notifying. */
    private record Deposit(byte[] data) implements VmmcProgram {
        @Override
        public void run(Vmmc v) {
            v.computeFor(500 * US);
            int imp = v.importBuffer(1, 0);
            assertEquals(0, imp);
            assertTrue(v.sendSync(imp, 4050, 0x1000_0FF0L, data, true));
        }
    }

    /** At 500 us: an import of a missing export, a send on a missing import, a send past the export's end. */
    private record Refused() implements VmmcProgram {
        @Override
        public void run(Vmmc v) {
            v.computeFor(500 * US);
            assertEquals(-1, v.importBuffer(1, 5), "no such export");
            assertFalse(v.sendSync(3, 0, 0x1000_0000L, new byte[100], true), "no import");
            int imp = v.importBuffer(1, 0);
            assertFalse(v.sendSync(imp, 4000, 0x1000_0000L, new byte[100], true), "past the export's end");
        }
    }

    /**
     * Exports {@code bytes} (export 0); with {@code seen}, waits for one notification, which goes into seen[0],
     * else waits 2 ms; then copies the exported buffer into buffer[0].
     */
    private record Exporter(int bytes, Vmmc.Notification[] seen, byte[][] buffer) implements VmmcProgram {
        @Override
        public void run(Vmmc v) {
            if (seen == null) {
                v.export(bytes, null);
                v.computeFor(2000 * US);
            } else {
                int exp = v.export(bytes, n -> seen[0] = n);
                assertEquals(0, exp);
                v.next(Long.MAX_VALUE);
            }
            buffer[0] = copy(v.exported(0));
        }
    }

    private static int countNonZero(byte[] b) {
        int n = 0;
        for (byte x : b) {
            n += x != 0 ? 1 : 0;
        }
        return n;
    }

    /** A copy of {@code b} (not {@code b.clone()}: javaflow's weaver cannot resolve a method of an array type). */
    private static byte[] copy(byte[] b) {
        return java.util.Arrays.copyOf(b, b.length);
    }
}
