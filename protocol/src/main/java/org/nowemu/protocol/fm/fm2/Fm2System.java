package org.nowemu.protocol.fm.fm2;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.fm.FmCore;
import org.nowemu.protocol.fm.FmHosts;
import org.nowemu.protocol.fm.FmProcess;
import org.nowemu.protocol.fm.FmSystem;
import org.nowemu.protocol.system.DesignChoices;

/**
 * Fast Messages 2.x ({@code system = fm2}; stack {@code fm2}): FM's firmware on the NICs ({@link FmHosts}), programs
 * against {@link Fm2} on the hosts.
 */
public final class Fm2System extends FmSystem<Fm2Program> {
    public static final Fm2System INSTANCE = new Fm2System();

    private Fm2System() {
        super("fm2", Fm2Program.class, true,
                "Fast Messages 2.x: FM 1.x with streams, handlers started on the first packet, FM_extract limits",
                new DesignChoices("PIO", "DMA area (receive)", "no", "polling",
                "reliable: host-level credits, extraction limit", "none"), Fm2Messenger.Program::new);
    }

    @Override
    protected FmProcess.Body body(Fm2Program program) {
        return new OnCore(program);
    }

    /** An FM 2.x program on its library over FM's core. */
    private record OnCore(Fm2Program program) implements FmProcess.Body {
        @Override
        @continuable
        public void run(FmProcess process, FmCore core) {
            Fm2.run(process, core, program);
        }
    }
}
