package org.nowemu.protocol.fmmc;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.LibraryMessenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.parts.multicast.Multicaster;

/** FM/MC behind a {@link Multicaster}: one handler that counts every message, unicast or multicast. */
public final class FmMcMessenger extends LibraryMessenger implements Multicaster {
    /** An FM/MC program that runs a benchmark over this messenger. */
    public record Program(MessengerProgram body) implements FmMcProgram {
        @Override
        @continuable
        public void run(FmMc fm) {
            body.run(new FmMcMessenger(fm));
        }
    }

    private static final int HANDLER = 1;
    private final FmMc fm;

    public FmMcMessenger(FmMc fm) {
        super(fm);
        this.fm = fm;
        fm.register(HANDLER, (b, size, sender) -> arrived());
    }

    @Override
    @continuable
    public void send(int dest, int bytes) {
        fm.send(dest, HANDLER, buffer(bytes), bytes);
    }

    @Override
    public MulticastMode mode() {
        return MulticastMode.NI;
    }

    @Override
    @continuable
    public void multicast(int first, int members, int bytes) {
        fm.mcSend(first, members, HANDLER, buffer(bytes), bytes);
    }

    @Override
    @continuable
    public void await(long count, long deadline) {
        fm.extractUntil(() -> arrived(count), deadline);
    }
}
