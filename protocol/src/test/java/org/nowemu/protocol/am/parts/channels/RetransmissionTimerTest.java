package org.nowemu.protocol.am.parts.channels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.protocol.am.wire.Header;
import org.nowemu.protocol.support.FakeNic;

/**
 * The coarse timer alone: a 10 ms quantum, 2 timeout ticks, 3 max retries, 20 cycles a tick and 5 a destination.
 * One packet sits on channel 0 to NIC 1 and nobody ever answers it.
 */
class RetransmissionTimerTest {
    private static final long MS = VirtualTime.MS;

    /**
     * By hand: ticks at 10, 20, ... ms. The packet's tick count reaches 2 at 20 ms: resent (retry 1, count from 0
     * again); likewise at 40 and 60 ms (retries 2 and 3); at 80 ms it has had its 3 retries: given up (the channel is
     * released here, as the sender would). The 80 ms tick had set the next before its work, so one more tick comes at
     * 90 ms, finds nothing unacknowledged and sets none. Cycles: 8 ticks that scan NIC 1 at 20 + 5, and the last at
     * 20: 220.
     */
    @Test
    void aSilentPacketIsResentEveryTimeoutThenGivenUpAndTheTimerStops() {
        FakeNic nic = new FakeNic(null);
        SendChannels channels = new SendChannels(2, 1);
        RetransmissionTimer timer = new RetransmissionTimer(nic, channels, () -> "tick", 10 * MS, 2, 3, 20, 5);
        Channel ch = channels.free(1, false);
        channels.occupy(1, ch);
        ch.packet = new Header(Header.DATA, false, 0, 0, 0, 0, 1, 0, 0, 0, 7, 7, 1L, 0, -1, new int[0], new byte[0]);
        List<String> verdicts = new ArrayList<>();
        RetransmissionTimer.Expiry expiry = new RetransmissionTimer.Expiry() {
            @Override
            public void resend(int dest, Channel c) {
                verdicts.add("resend " + nic.now() / MS + " retry " + c.retries);
            }

            @Override
            public void giveUp(int dest, Channel c) {
                verdicts.add("give up " + nic.now() / MS);
                channels.reset(dest, c);
            }
        };
        Firmware ticks = new Firmware() {
            @Override
            public void start(NicContext ctx) {
            }

            @Override
            public void handle(NicContext ctx, Object event) {
                if (event instanceof NicEvent.Timer t && t.tag().equals("tick")) {
                    timer.onTick(expiry);
                }
            }
        };
        timer.start();
        timer.start();
        assertEquals(List.of("tick"), nic.pendingTimers(), "one timer, however often started");
        nic.runUntil(ticks, 200 * MS);
        assertEquals(List.of("resend 20 retry 1", "resend 40 retry 2", "resend 60 retry 3", "give up 80"), verdicts);
        assertEquals(List.of(), nic.pendingTimers(), "stopped");
        assertEquals(220, nic.cycles);
    }
}
