package org.nowemu.protocol.fm.fm1;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.fm.FmCore;
import org.nowemu.protocol.fm.FmHosts;
import org.nowemu.protocol.fm.FmProcess;
import org.nowemu.protocol.fm.FmSystem;
import org.nowemu.protocol.system.DesignChoices;

/**
 * Fast Messages 1.x ({@code system = fm1}; stack {@code fm1}): FM's firmware on the NICs ({@link FmHosts}), programs
 * against {@link Fm1} on the hosts.
 */
public final class Fm1System extends FmSystem<Fm1Program> {
    public static final Fm1System INSTANCE = new Fm1System();

    private Fm1System() {
        super("fm1", Fm1Program.class, false,
                "Fast Messages 1.x: PIO sends into NIC slots, host-level credits, whole messages to handlers",
                new DesignChoices("PIO", "DMA area (receive)", "no", "polling", "reliable: host-level credits",
                "none"), Fm1Messenger.Program::new);
    }

    @Override
    protected FmProcess.Body body(Fm1Program program) {
        return new OnCore(program);
    }

    /** An FM 1.x program on its library over FM's core. */
    private record OnCore(Fm1Program program) implements FmProcess.Body {
        @Override
        @continuable
        public void run(FmProcess process, FmCore core) {
            program.run(new Fm1(process, core));
        }
    }
}
