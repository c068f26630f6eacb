package org.nowemu.protocol.bip;

import java.util.HashMap;
import org.nowemu.hardware.profile.BusSettings;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.steps.FirmwareSteps;

/**
 * BIP's packet size for a long message, from its total length (the BIP paper: "we decompose the message into
 * packets of equal size, depending of the total length"; systems §5.5). A message of L bytes goes as n equal
 * packets of P = ceil(L / n) bytes (rounded up to a word; the last one is shorter by the rounding), n chosen to
 * minimise the modelled time of the four-stage pipeline
 *
 * <pre>T(L, P) = s1 + s2 + s3 + s4 + (n - 1) * max(s1, s2, s3, s4)</pre>
 *
 * where each stage's time for one packet is its fixed cost plus P over its rate: s1 host to NIC (the firmware's DMA
 * step, and per page the packet covers, one more if packets straddle page boundaries, the host DMA engine's
 * start-up and the bus mode's, then P at the bus's read
 * rate), s2 NIC to wire (route, header and DMA steps, the send DMA's start-up, P + header at the slower of the send
 * DMA and the link), s3 wire to NIC (the receive DMA's start-up, P + header at its rate, the receive step), s4 NIC to
 * host (as s1, at the write rate). P is at least {@code min-packet} and at most one SRAM buffer (the profile's
 * largest packet less the header); ties go to fewer packets. The BIP paper built such a model "to compute the
 * optimal size of the packets" without printing it; this is the [E] one of systems §5.5, with the profile's
 * and the stack's own costs. The model is the choice's, not the run's: the run times the packets as they go.
 * A stack with a fixed {@code packet-size} cuts every message into packets of that size instead.
 */
final class PacketSizes {
    private final BipSettings s;
    private final HardwareProfile p;
    private final int largest;
    /** Looked up by length, never iterated. */
    private final HashMap<Integer, Integer> chosen = new HashMap<>();

    PacketSizes(BipSettings settings, HardwareProfile profile) {
        this.s = settings;
        this.p = profile;
        this.largest = profile.nic().maxPacketBytes() - BipWire.HEADER_BYTES;
    }

    /** The payload of each packet (but the last) of a long message of {@code total} bytes. */
    int packet(int total) {
        if (s.fixedPacket() > 0) {
            return Math.min(s.fixedPacket(), total);
        }
        return chosen.computeIfAbsent(total, this::best);
    }

    private int best(int total) {
        int most = Math.max(1, total / Math.min(s.minPacket(), total));
        long bestTime = Long.MAX_VALUE;
        int bestSize = Math.min(total, largest);
        for (int n = (total + largest - 1) / largest; n <= most; n++) {
            int size = (total + n - 1) / n;
            size = Math.min(largest, (size + 3) / 4 * 4);
            int packets = (total + size - 1) / size;
            long t = modelPs(size, packets);
            if (t < bestTime) {
                bestTime = t;
                bestSize = size;
            }
        }
        return bestSize;
    }

    /** The model's time for {@code packets} packets of {@code size} bytes (ps). */
    long modelPs(int size, int packets) {
        long[] stages = stages(size);
        long sum = 0;
        long max = 0;
        for (long st : stages) {
            sum += st;
            max = Math.max(max, st);
        }
        return sum + (packets - 1L) * max;
    }

    /** The four stages' times for one packet of {@code size} bytes (ps). */
    long[] stages(int size) {
        FirmwareSteps c = s.firmware();
        BusSettings.DmaMode mode = p.bus().mode(s.streamingDma());
        long page = p.host().pageSize();
        // One DMA per page the packet covers; a size that neither divides the page nor is a multiple of it makes
        // packets straddle page boundaries, one DMA more each (the buffer taken to start on a page).
        long pages = (size + page - 1) / page + (size % page == 0 || page % size == 0 ? 0 : 1);
        long perPageIn = lanai(p.nic().hostDmaStartup()) + mode.startup(false);
        long perPageOut = lanai(p.nic().hostDmaStartup()) + mode.startup(true);
        long wire = p.nic().sendDmaRate().min(p.link().rate()).psFor(size + BipWire.HEADER_BYTES);
        long hostIn = lanai(c.dma()) + pages * perPageIn + mode.rate(false).psFor(size);
        long send = lanai(c.route() + c.header() + c.dma() + p.nic().sendDmaStartup()) + wire;
        long recv = lanai(p.nic().recvDmaStartup() + c.receive())
                + p.nic().recvDmaRate().psFor(size + BipWire.HEADER_BYTES);
        long hostOut = lanai(c.dma()) + pages * perPageOut + mode.rate(true).psFor(size);
        return new long[] {hostIn, send, recv, hostOut};
    }

    private long lanai(long cycles) {
        return p.nic().lanai().cycles(cycles);
    }
}
