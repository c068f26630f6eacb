package org.nowemu.protocol.parts.steps;

import org.nowemu.actors.config.ConfigReader;

/**
 * Host CPU cycles of the elementary library steps of the comparison systems ({@code nowemu.protocol.steps.host},
 * the survey's P17), shared by all of them, as {@link FirmwareSteps} are on the NIC. Bus words, polls and copies
 * are charged apart, by the hardware's own costs.
 *
 * @param call     entering and leaving a library call: argument checks, the stream or descriptor set up
 * @param packet   per packet sent: the header's fields, slot and index bookkeeping
 * @param dispatch per packet taken from a receive area: decoding the header, finding its handler or context
 * @param credit   one credit operation: taking, giving back, counting what is owed
 * @param loop     one turn of a poll loop besides the flag's load: the counter, the compare, the branch
 */
public record HostSteps(int call, int packet, int dispatch, int credit, int loop) {
    public static final String PREFIX = "nowemu.protocol.steps.host.";

    public static HostSteps read(ConfigReader r) {
        return read(r, PREFIX);
    }

    /** The same steps from a system's own table at {@code prefix}. */
    public static HostSteps read(ConfigReader r, String prefix) {
        return new HostSteps(c(r, prefix, "call"), c(r, prefix, "packet"), c(r, prefix, "dispatch"),
                c(r, prefix, "credit"), c(r, prefix, "loop"));
    }

    private static int c(ConfigReader r, String prefix, String step) {
        return r.intIn(prefix + step + "-cycles", 0, 1_000_000);
    }
}
