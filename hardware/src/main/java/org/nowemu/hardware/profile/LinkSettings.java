package org.nowemu.hardware.profile;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;

/**
 * A link of a profile ({@code nowemu.hardware.profiles.<p>.link}), the same for every cable.
 *
 * @param rate         byte rate of each direction
 * @param propagation  cable propagation delay (ps)
 * @param slackBytes   STOP/GO slack buffer at each receiving end
 * @param blockTimeout a packet blocked this long is truncated (ps)
 * @param bitErrorRate probability that a bit is flipped on the wire
 */
public record LinkSettings(Rate rate, long propagation, int slackBytes, long blockTimeout, double bitErrorRate) {
    static LinkSettings read(ConfigReader r, String prefix) {
        return new LinkSettings(new Rate(r.bytesPerSecond(prefix + "rate")),
                r.duration(prefix + "propagation", 1, VirtualTime.MS),
                (int) r.bytes(prefix + "slack-buffer", 1, 1 << 20),
                r.duration(prefix + "block-timeout", 1, 1000 * VirtualTime.S),
                r.doubleIn(prefix + "bit-error-rate", 0, 1));
    }
}
