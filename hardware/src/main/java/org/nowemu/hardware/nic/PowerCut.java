package org.nowemu.hardware.nic;

/**
 * A NIC that loses power at a virtual time: until then it runs its firmware; from then on its processor does
 * nothing but keep receive buffers posted, so packets still drain off the link (a dead NIC does not hold the
 * network back) and are dropped unread.
 *
 * <p>Counters: {@code nic.powered_off_events} (events ignored after the cut).
 */
public final class PowerCut implements Firmware {
    private final Firmware firmware;
    private final long offAtPs;

    /**
     * @param firmware what the NIC runs while it has power
     * @param offAtPs  virtual time of the cut (ps)
     */
    public PowerCut(Firmware firmware, long offAtPs) {
        this.firmware = firmware;
        this.offAtPs = offAtPs;
    }

    @Override
    public void start(NicContext nic) {
        if (nic.now() >= offAtPs) {
            nic.postReceive(1_000);
        } else {
            firmware.start(nic);
        }
    }

    @Override
    public void handle(NicContext nic, Object event) {
        if (nic.now() < offAtPs) {
            firmware.handle(nic, event);
            return;
        }
        nic.counter("nic.powered_off_events").increment();
        if (event instanceof NicEvent.PacketReceived) {
            nic.postReceive(1);
        }
    }
}
