package org.nowemu.protocol.am.stack;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.protocol.system.SystemSettings;

/**
 * One Active Messages stack (system {@code am}: AM-II or GAM) as the VN firmware and the AM-II library run it:
 * which parts are on, what each step costs, and the limits shared by all AM stacks ({@code nowemu.protocol.*}).
 *
 * @param name            the stack's name
 * @param reliability     ACKs, channels, sequence numbers, retransmission
 * @param protection      tag and endpoint checks at the sending and receiving NICs
 * @param virtualNetworks the endpoint scheduler over many endpoints (off: one FIFO of sends)
 * @param pipelineDma     overlap host DMA with network DMA (off: the firmware waits for each DMA it starts)
 * @param streaming       medium data moves by streaming DMA (else consistent)
 * @param credits         K: outstanding requests per endpoint; channels per destination per direction
 * @param receiveQueue    entries per receive queue
 * @param maxEndpoints    endpoints per NIC
 * @param translations    translation entries per endpoint
 * @param handlers        handler indices per endpoint
 * @param maxArgs         argument words of a short message
 * @param maxMedium       largest medium message (bytes)
 * @param receiveBuffers  packet buffers posted to the receive DMA
 * @param quantumPs       retransmission timer period (ps)
 * @param timeoutTicks    ticks before a retransmission
 * @param nackBackoffPs   wait before a NACKed packet goes again, doubled with each NACK in a row (ps)
 * @param maxRetries      retransmissions before "unreachable"
 * @param attempts        2^k: messages sent from one endpoint before the scheduler moves on
 * @param host            host library costs
 * @param firmware        firmware step costs
 * @param paging          endpoint frames, faults and the segment driver's costs
 * @param knobs           delays added to move one LogGP parameter (the sensitivity study's; none by default)
 */
public record StackSettings(String name, boolean reliability, boolean protection, boolean virtualNetworks,
                            boolean pipelineDma, boolean streaming, int credits, int receiveQueue, int maxEndpoints,
                            int translations, int handlers, int maxArgs, int maxMedium, int receiveBuffers,
                            long quantumPs, int timeoutTicks, long nackBackoffPs, int maxRetries, int attempts,
                            HostCosts host,
                            FirmwareCosts firmware, PagingSettings paging, SensitivityKnobs knobs)
        implements SystemSettings {
    public static final String ROOT = "nowemu.protocol";

    /** The stack {@code name} under {@code nowemu.protocol.stacks}, with the shared limits. */
    public static StackSettings read(ConfigReader r, String name, int maxPacket) {
        String s = ROOT + ".stacks." + name;
        String table = r.string(s + ".costs");
        String costs = ROOT + ".costs." + table;
        if (!r.config().hasPath(costs)) {
            throw r.bad(s + ".costs", "no cost table '" + table + "' under " + ROOT + ".costs");
        }
        String dma = r.string(ROOT + ".medium-dma");
        if (!dma.equals("streaming") && !dma.equals("consistent")) {
            throw r.bad(ROOT + ".medium-dma", "expected streaming or consistent, got '" + dma + "'");
        }
        return new StackSettings(name, r.bool(s + ".reliability"), r.bool(s + ".protection"),
                r.bool(s + ".virtual-networks"), r.bool(s + ".pipeline-dma"), dma.equals("streaming"),
                r.intIn(ROOT + ".credits", 1, 64), r.intIn(ROOT + ".receive-queue", 1, 1 << 16),
                r.intIn(ROOT + ".max-endpoints", 1, 65535), r.intIn(ROOT + ".translations", 1, 1 << 16),
                r.intIn(ROOT + ".handlers", 1, 256), r.intIn(ROOT + ".max-args", 0, 16),
                (int) r.bytes(ROOT + ".max-medium", 16, Math.min(maxPacket - 128, 65535)), r.intIn(ROOT + ".receive-buffers", 1, 64),
                r.duration(ROOT + ".transport.quantum", 1), r.intIn(ROOT + ".transport.timeout-ticks", 1, 1 << 20),
                r.duration(ROOT + ".transport.nack-backoff", 1),
                r.intIn(ROOT + ".transport.max-retries", 1, 1_000_000),
                1 << r.intIn(ROOT + ".scheduler.attempts-exponent", 0, 16),
                HostCosts.read(r, costs + ".host"), FirmwareCosts.read(r, costs + ".firmware"), PagingSettings.read(r),
                SensitivityKnobs.read(r, name));
    }

    /** The same stack with medium data moved by streaming ({@code true}) or consistent DMA. */
    public StackSettings withStreaming(boolean on) {
        return new StackSettings(name, reliability, protection, virtualNetworks, pipelineDma, on, credits,
                receiveQueue, maxEndpoints, translations, handlers, maxArgs, maxMedium, receiveBuffers, quantumPs,
                timeoutTicks, nackBackoffPs, maxRetries, attempts, host, firmware, paging, knobs);
    }

    /**
     * The longest a message can stay unresolved in the transport once its destination stops answering (ps),
     * counted from when it reaches the NIC's channel table: a silent channel is resent every timeout-ticks quanta
     * until max-retries resends, then returned as unreachable at the next tick, and a message waiting for a channel
     * uses up its retries while it waits. 0 without reliability (nothing is resent).
     */
    public long giveUpPs() {
        return reliability ? ((long) maxRetries + 2) * timeoutTicks * quantumPs : 0;
    }

    /**
     * How long a run of requests and replies that injects faults lasts after its last request (ps), so that every
     * message is handled or returned before its ledger is closed: twice the give-up time, because over a path that
     * comes and goes a request can reach its server on its last resend, just before its own give-up, and the reply
     * it sends then has a give-up time of its own.
     */
    @Override
    public long settlePs() {
        return 2 * giveUpPs();
    }
}
