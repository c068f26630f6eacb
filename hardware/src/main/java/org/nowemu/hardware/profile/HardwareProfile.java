package org.nowemu.hardware.profile;

import com.typesafe.config.ConfigObject;
import java.util.List;
import java.util.TreeSet;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.link.SlackBuffer;

/**
 * The hardware of a run: one profile ({@code nowemu.hardware.profile}, e.g. {@code now} or {@code ppro}) read
 * from {@code nowemu.hardware.profiles.<name>} and validated as a whole, plus the flit size of the link model.
 *
 * @param name      the profile's name
 * @param flitBytes granularity of the link model ({@code nowemu.hardware.flit-bytes})
 */
public record HardwareProfile(String name, int flitBytes, HostSettings host, BusSettings bus, NicSettings nic,
                              LinkSettings link, SwitchSettings switches) {
    public static final String KEY = "nowemu.hardware.profile";

    /** Reads the profile the configuration names; an unknown name or a bad value is a {@code BadInputException}. */
    public static HardwareProfile read(ConfigReader r) {
        String name = r.string(KEY);
        List<String> known = names(r);
        if (!known.contains(name)) {
            throw r.bad(KEY, "unknown hardware profile '" + name + "'; known: " + String.join(", ", known));
        }
        String prefix = "nowemu.hardware.profiles." + name + ".";
        int flit = r.intIn("nowemu.hardware.flit-bytes", 4, 4096);
        HardwareProfile p = new HardwareProfile(name, flit, HostSettings.read(r, prefix + "host."),
                BusSettings.read(r, prefix + "bus."), NicSettings.read(r, prefix + "nic."),
                LinkSettings.read(r, prefix + "link."), SwitchSettings.read(r, prefix + "switch."));
        long needed = SlackBuffer.minimumBytes(p.link, flit, p.switches.fallThrough());
        if (p.link.slackBytes() < needed) {
            throw r.bad(prefix + "link.slack-buffer", "must hold at least " + needed + " B: the bytes in flight while a STOP"
                    + " crosses a " + p.link.propagation() / 1000 + " ns cable and back, the switch's fall-through and one"
                    + " waiting flit of " + flit + " B");
        }
        return p;
    }

    /** The profile names the configuration defines, sorted. */
    public static List<String> names(ConfigReader r) {
        ConfigObject profiles = r.config().getObject("nowemu.hardware.profiles");
        return List.copyOf(new TreeSet<>(profiles.keySet()));
    }
}
