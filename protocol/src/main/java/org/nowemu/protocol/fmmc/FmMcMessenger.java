package org.nowemu.protocol.fmmc;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.fm.fm1.Fm1Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.multicast.Groups;
import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.parts.multicast.Multicaster;

/** FM/MC behind a {@link Multicaster}: FM 1.x's messenger, its one handler counting multicasts too. */
public final class FmMcMessenger extends Fm1Messenger implements Multicaster {
    /** An FM/MC program that runs a benchmark over this messenger. */
    public record Program(MessengerProgram body) implements FmMcProgram {
        @Override
        @continuable
        public void run(FmMc fm) {
            body.run(new FmMcMessenger(fm));
        }
    }

    private final FmMc fm;

    public FmMcMessenger(FmMc fm) {
        super(fm);
        this.fm = fm;
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

    /** A group of consecutive hosts only: FM/MC's packets name their group by first host and size. */
    @Override
    @continuable
    public void multicast(int[] group, int bytes) {
        fm.mcSend(Groups.consecutive("FM/MC", group), group.length, HANDLER, buffer(bytes), bytes);
    }
}
