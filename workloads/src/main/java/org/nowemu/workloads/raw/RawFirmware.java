package org.nowemu.workloads.raw;

import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;

/**
 * Firmware that only sends and receives raw packets, for measuring the bare network. On h0 (the driver) it
 * ping-pongs {@code round-trips} packets of each size with one host at each hop count, then streams
 * {@code stream-packets} packets of each size to the sink, keeping two queued on the send DMA. Every other NIC
 * echoes pings back and, on the sink, times the stream and answers its last packet so the driver goes on.
 * Each packet handled costs {@code handler-cycles} LANai cycles. The first body byte says what a packet is.
 *
 * <p>Counters (ps sums and counts, read by {@link RawPingPongWorkload}): {@code raw.rtt_ps.<hops>.<size>},
 * {@code raw.rtt_count.<hops>.<size>}, {@code raw.stream_first_ps.<size>}, {@code raw.stream_last_ps.<size>},
 * {@code raw.bad_packets}.
 */
final class RawFirmware implements Firmware {
    private static final byte PING = 1;
    private static final byte PONG = 2;
    private static final byte DATA = 3;
    private static final byte DONE = 4;

    private final RawPlan plan;
    private int target;
    private int size;
    private int round;
    private long sentAt;
    private int streamSent;
    private int streamSeen;

    RawFirmware(RawPlan plan) {
        this.plan = plan;
    }

    @Override
    public void start(NicContext nic) {
        nic.postReceive(4);
        if (nic.nic() == 0) {
            ping(nic);
        }
    }

    @Override
    public void handle(NicContext nic, Object event) {
        if (event instanceof NicEvent.PacketReceived rx) {
            nic.cycles(plan.settings().handlerCycles());
            nic.postReceive(1);
            if (rx.status() != NicEvent.Status.OK) {
                nic.counter("raw.bad_packets").increment();
                return;
            }
            byte kind = rx.packet().body()[0];
            int bytes = rx.packet().body().length;
            switch (kind) {
                case PING -> nic.transmit(nic.packet(plan.back()[nic.nic()], body(PONG, bytes)));
                case PONG -> onPong(nic);
                case DATA -> onData(nic, bytes);
                case DONE -> nextStream(nic);
                default -> nic.counter("raw.bad_packets").increment();
            }
        } else if (event instanceof NicEvent.PacketSent && nic.nic() == 0 && streaming()) {
            if (streamSent < plan.settings().streamPackets()) {
                sendData(nic);
            }
        }
    }

    private void ping(NicContext nic) {
        if (target >= plan.targets().size()) {
            target = -1;
            size = 0;
            stream(nic);
            return;
        }
        sentAt = nic.now();
        int host = plan.targets().get(target);
        nic.transmit(nic.packet(plan.routes()[host], body(PING, plan.settings().sizes().get(size))));
    }

    private void onPong(NicContext nic) {
        String key = plan.hops().get(target) + "." + plan.settings().sizes().get(size);
        nic.counter("raw.rtt_ps." + key).add(nic.now() - sentAt);
        nic.counter("raw.rtt_count." + key).increment();
        if (++round == plan.settings().roundTrips()) {
            round = 0;
            if (++size == plan.settings().sizes().size()) {
                size = 0;
                target++;
            }
        }
        ping(nic);
    }

    private boolean streaming() {
        return target < 0 && size < plan.settings().sizes().size();
    }

    private void stream(NicContext nic) {
        streamSent = 0;
        if (streaming()) {
            sendData(nic);
            sendData(nic);
        }
    }

    private void sendData(NicContext nic) {
        streamSent++;
        nic.transmit(nic.packet(plan.routes()[plan.sink()], body(DATA, plan.settings().sizes().get(size))));
    }

    private void nextStream(NicContext nic) {
        size++;
        stream(nic);
    }

    private void onData(NicContext nic, int bytes) {
        streamSeen++;
        if (streamSeen == 1) {
            nic.counter("raw.stream_first_ps." + bytes).add(nic.now());
        }
        if (streamSeen == plan.settings().streamPackets()) {
            nic.counter("raw.stream_last_ps." + bytes).add(nic.now());
            streamSeen = 0;
            nic.transmit(nic.packet(plan.back()[nic.nic()], body(DONE, 2)));
        }
    }

    private static byte[] body(byte kind, int bytes) {
        byte[] b = new byte[bytes];
        b[0] = kind;
        return b;
    }
}
