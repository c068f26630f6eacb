package org.nowemu.protocol.parts.restart;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.nowemu.protocol.nic.Doorbell;
import org.nowemu.protocol.nic.HostEntry;
import org.nowemu.protocol.parts.endpoints.EndpointFrame;
import org.nowemu.protocol.parts.endpoints.EndpointTable;

/**
 * What a VN firmware that loses power hands to the next life ({@code Firmware.powerLost}): what the host still
 * knows once the NIC's SRAM is gone. The endpoints it had (configuration and receive-queue fill, which the segment
 * driver reloads from their backing store in host memory), those the driver had asked to load, and the messages the
 * host had written and the NIC had not seen acknowledged: in send queues, waiting for a channel, or on a channel in
 * flight. The new life returns these to their senders as unreachable: for the last kind nobody can tell whether
 * the receiver took them before the ACK was lost with the NIC, and sending them again could deliver them twice.
 *
 * <p>It also hands over the receive-queue entries it was writing in two steps (a medium message's data by DMA,
 * then its entry) and had not yet written: the data lands, no entry follows. They were counted in their queues, and
 * a returned message among them is known to nobody else: it came off its channel when its answer came.
 *
 * <p>A stack without reliability keeps no copy of a packet once sent, so a message it was fetching when the power
 * went is lost, as unreliable transport allows.
 *
 * @param endpoints    the endpoints as they were, in index order (the dead firmware's own objects, read only)
 * @param pendingLoads endpoints the driver had asked for and that had no frame yet, in the order asked
 * @param held         the messages to return, in message-id order (per endpoint: the order they were written)
 * @param closed       endpoints closed because their process crashed: they stay closed
 * @param landing      entries whose data was crossing the bus and that the dead life never wrote, in DMA order
 */
public record PreviousLife(List<EndpointFrame> endpoints, List<Integer> pendingLoads, List<Doorbell.Send> held,
                           SortedSet<Integer> closed, List<HostEntry.Delivery> landing) {
    /**
     * @param table        the endpoints, open and closed
     * @param onChannels   the messages on send channels or waiting for one, in the channel table's order
     * @param pendingLoads endpoints waiting for a frame
     * @param landing      entries still to be written after their data lands
     */
    public static PreviousLife of(EndpointTable table, List<Doorbell.Send> onChannels,
                                  Collection<Integer> pendingLoads, List<HostEntry.Delivery> landing) {
        List<EndpointFrame> endpoints = table.open();
        List<Doorbell.Send> held = new ArrayList<>();
        for (EndpointFrame f : endpoints) {
            held.addAll(f.replies);
            held.addAll(f.requests);
        }
        held.addAll(onChannels);
        held.sort(Comparator.comparingLong(Doorbell.Send::msgId));
        return new PreviousLife(List.copyOf(endpoints), List.copyOf(pendingLoads), List.copyOf(held),
                Collections.unmodifiableSortedSet(new TreeSet<>(table.closed())), List.copyOf(landing));
    }
}
