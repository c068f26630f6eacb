package org.nowemu.hardware.profile;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;

/**
 * A crossbar switch of a profile ({@code nowemu.hardware.profiles.<p>.switch}).
 *
 * @param ports       port count
 * @param fallThrough time from a packet's head entering a port to leaving the chosen output (ps)
 */
public record SwitchSettings(int ports, long fallThrough) {
    static SwitchSettings read(ConfigReader r, String prefix) {
        return new SwitchSettings(r.intIn(prefix + "ports", 2, 64), r.duration(prefix + "fall-through", 1, VirtualTime.MS));
    }
}
