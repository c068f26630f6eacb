package org.nowemu.protocol.fm.fm1;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.hardware.cluster.HostProgram.Part;
import org.nowemu.protocol.fm.FmCore;
import org.nowemu.protocol.fm.FmHosts;
import org.nowemu.protocol.fm.FmProcess;
import org.nowemu.protocol.fm.FmSettings;
import org.nowemu.protocol.fm.FmSystem;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.system.HostSetup;
import org.nowemu.protocol.system.DesignChoices;

/**
 * Fast Messages 1.x ({@code system = fm1}; stack {@code fm1}): FM's firmware on the NICs ({@link FmHosts}), programs
 * against {@link Fm1} on the hosts.
 */
public final class Fm1System extends FmSystem<Fm1Program> {
    public static final Fm1System INSTANCE = new Fm1System();

    private Fm1System() {
        super(false);
    }

    @Override
    public String name() {
        return "fm1";
    }

    @Override
    public DesignChoices choices() {
        return new DesignChoices("PIO", "DMA area (receive)", "no", "polling", "reliable: host-level credits",
                "none");
    }

    @Override
    public String description() {
        return "Fast Messages 1.x: PIO sends into NIC slots, host-level credits, whole messages to handlers";
    }

    @Override
    public Class<Fm1Program> programType() {
        return Fm1Program.class;
    }

    @Override
    public List<Part> hostParts(FmSettings s, HostSetup host, List<Fm1Program> programs) {
        return FmHosts.parts(s, host, name(), programs, p -> new FmProcess.Body() {
            @Override
            @continuable
            public void run(FmProcess process, FmCore core) {
                p.run(new Fm1(process, core));
            }
        });
    }

    @Override
    public Optional<Fm1Program> messengerProgram(FmSettings s, int maxBytes, MessengerProgram body) {
        return Optional.of(new Fm1Program() {
            @Override
            @continuable
            public void run(Fm1 fm) {
                body.run(new Fm1Messenger(fm));
            }
        });
    }
}
