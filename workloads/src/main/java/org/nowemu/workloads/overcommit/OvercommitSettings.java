package org.nowemu.workloads.overcommit;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.system.Stacks;

/**
 * Settings of the endpoint-overcommit experiment ({@code nowemu.overcommit}).
 *
 * @param stack     the protocol stack every host runs
 * @param clients   client hosts, one server endpoint (and server thread) each
 * @param args      argument words of each request and reply
 * @param start     when clients begin to send, after the server has created its endpoints (ps)
 * @param duration  how long clients keep sending (ps); the server's rate is measured over it
 * @param maxTimePs virtual time after which the run stops even if unfinished
 */
public record OvercommitSettings(StackSettings stack, int clients, int args, long start, long duration,
                                 long maxTimePs) {
    static final String PREFIX = "nowemu.overcommit.";

    static OvercommitSettings read(ConfigReader r, HardwareProfile profile) {
        StackSettings stack = Stacks.named(r, PREFIX + "stack", r.string(PREFIX + "stack"),
                profile.nic().maxPacketBytes());
        int frames = profile.nic().endpointFrames();
        int clients = r.config().getIsNull(PREFIX + "clients")
                ? r.intIn(PREFIX + "clients-per-frame", 1, 1000) * frames
                : r.intIn(PREFIX + "clients", 1, 100_000);
        if (clients > stack.maxEndpoints()) {
            throw r.bad(PREFIX + (r.config().getIsNull(PREFIX + "clients") ? "clients-per-frame" : "clients"),
                    clients + " server endpoints exceed nowemu.protocol.max-endpoints = " + stack.maxEndpoints());
        }
        return new OvercommitSettings(stack, clients, r.intIn(PREFIX + "args", 0, stack.maxArgs()),
                r.duration(PREFIX + "start", 0, VirtualTime.S), r.duration(PREFIX + "duration", VirtualTime.US),
                r.duration(PREFIX + "max-time", VirtualTime.US));
    }
}
