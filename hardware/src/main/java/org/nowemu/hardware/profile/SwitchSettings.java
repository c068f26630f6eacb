package org.nowemu.hardware.profile;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;

/**
 * A crossbar switch of a profile ({@code nowemu.hardware.profiles.<p>.switch}).
 *
 * @param ports       port count
 * @param fallThrough time from a packet's head entering a port to leaving the chosen output (ps)
 * @param crossbar    the last stage of the fall-through: a flit crossing from its input port to the output port
 *                    (ps, less than the fall-through)
 */
public record SwitchSettings(int ports, long fallThrough, long crossbar) {
    static SwitchSettings read(ConfigReader r, String prefix) {
        long fall = r.duration(prefix + "fall-through", 1, VirtualTime.MS);
        long crossbar = r.duration(prefix + "crossbar", 1, VirtualTime.MS);
        if (crossbar >= fall) {
            throw r.bad(prefix + "crossbar", "must be shorter than the fall-through (" + VirtualTime.format(fall)
                    + "), of which it is the last stage");
        }
        return new SwitchSettings(r.intIn(prefix + "ports", 2, 64), fall, crossbar);
    }
}
