package org.nowemu.hardware.nic;

import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.nowemu.actors.stats.Counter;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.profile.NicSettings;

/**
 * What firmware can do on its NIC. Every action takes effect at the processor's current time, {@link #now()}:
 * the event's arrival plus the cycles the firmware has charged so far while handling it.
 */
public interface NicContext {
    /** This NIC's index (the index of its host in the topology's host list). */
    int nic();

    /** The component id of this NIC's processor, for hosts that send to it. */
    int processor();

    NicSettings settings();

    /** Processor time (ps): the event's time plus the cycles charged so far. */
    long now();

    /** Charges {@code n} LANai cycles of firmware work. */
    void cycles(long n);

    /** The SRAM allocator: every table, buffer and frame must fit. */
    Sram sram();

    /** A new packet from this NIC with a run-unique id. */
    Packet packet(byte[] route, byte[] body);

    /** Queues a packet on the network-send DMA; {@link NicEvent.PacketSent} follows when its tail has left. */
    void transmit(Packet packet);

    /** Gives the network-receive DMA {@code buffers} more packet buffers; it stops draining the link without one. */
    void postReceive(int buffers);

    /** Queues a host DMA transfer; {@link NicEvent.DmaDone} follows. */
    void hostDma(DmaRequest request);

    /** Sends {@code payload} to another component after at least one LANai cycle (e.g. a host component). */
    void tell(int component, long delayPs, Object payload);

    /** Delivers {@link NicEvent.Timer}({@code tag}) to the firmware after {@code delayPs}. */
    void timer(long delayPs, Object tag);

    Counter counter(String name);

    Histogram histogram(String name);

    SplittableRandom random();
}
