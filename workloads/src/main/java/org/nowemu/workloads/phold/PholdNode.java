package org.nowemu.workloads.phold;

import org.nowemu.actors.runtime.Component;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.actors.stats.Counter;

/**
 * One PHOLD logical process: starts with a few events and, for each event it handles, sends one new event to
 * itself or to a random component after the lookahead plus an exponential delay.
 *
 * <p>Statistics: counter {@code phold.remote} (events sent to another component).
 */
public final class PholdNode extends Component {
    /** The only message; it carries nothing. */
    public record Ping() {
        static final Ping INSTANCE = new Ping();
    }

    static final String REMOTE = "phold.remote";

    private final PholdSettings settings;
    private Counter remote;

    public PholdNode(PholdSettings settings) {
        this.settings = settings;
    }

    @Override
    protected void onStart() {
        remote = counter(REMOTE);
        for (int i = 0; i < settings.eventsPerComponent(); i++) {
            schedule(PholdRules.delay(random(), settings), Ping.INSTANCE);
        }
    }

    @Override
    protected Receive createReceive() {
        return Receive.builder().on(Ping.class, this::onPing).build();
    }

    private void onPing(Ping p) {
        long delay = PholdRules.delay(random(), settings);
        int target = PholdRules.target(random(), settings, id());
        if (target != id()) {
            remote.increment();
        }
        send(target, delay, Ping.INSTANCE);
    }
}
