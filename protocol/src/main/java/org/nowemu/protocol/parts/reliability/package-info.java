/**
 * The reliability choices of the survey's design space (COMPARISON.md §14), as parts a NIC control program
 * composes: {@link org.nowemu.protocol.parts.reliability.Reliability} names them (a stack's {@code reliability}
 * option) and says what each promises; {@link org.nowemu.protocol.parts.reliability.NicReliability} is the NIC's
 * side of all of them behind one interface: what may be sent now (window, NIC credits), the frame a data packet
 * carries, what a receiver does with a packet it has or has no room for (take it, discard and NACK it, hold it in
 * SRAM so the link's STOP/GO holds the sender), ACKs, NACKs, credits and retransmission timers. Its pieces:
 * {@link org.nowemu.protocol.parts.reliability.RetransmitSender} (the unacknowledged-packet store, go-back-N),
 * {@link org.nowemu.protocol.parts.reliability.SequencedReceiver} (in-order admission; the alternating bit through
 * the AM-II channels' {@link org.nowemu.protocol.am.parts.channels.ReceiveChannels}), and NIC-level credits over the
 * host credits' {@link org.nowemu.protocol.parts.credits.CreditTable}. Host-level credits stay in
 * {@code parts/credits}: they live in the host library.
 */
package org.nowemu.protocol.parts.reliability;
