package org.nowemu.protocol.fm.fm2;

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
 * Fast Messages 2.x ({@code system = fm2}; stack {@code fm2}): FM's firmware on the NICs ({@link FmHosts}), programs
 * against {@link Fm2} on the hosts.
 */
public final class Fm2System extends FmSystem<Fm2Program> {
    public static final Fm2System INSTANCE = new Fm2System();

    private Fm2System() {
        super(true);
    }

    @Override
    public String name() {
        return "fm2";
    }

    @Override
    public DesignChoices choices() {
        return new DesignChoices("PIO", "DMA area (receive)", "no", "polling",
                "reliable: host-level credits, extraction limit", "none");
    }

    @Override
    public String description() {
        return "Fast Messages 2.x: FM 1.x with streams, handlers started on the first packet, FM_extract limits";
    }

    @Override
    public Class<Fm2Program> programType() {
        return Fm2Program.class;
    }

    @Override
    public List<Part> hostParts(FmSettings s, HostSetup host, List<Fm2Program> programs) {
        return FmHosts.parts(s, host, name(), programs, p -> new FmProcess.Body() {
            @Override
            @continuable
            public void run(FmProcess process, FmCore core) {
                Fm2.run(process, core, p);
            }
        });
    }

    @Override
    public Optional<Fm2Program> messengerProgram(FmSettings s, int maxBytes, MessengerProgram body) {
        return Optional.of(new Fm2Program() {
            @Override
            @continuable
            public void run(Fm2 fm) {
                body.run(new Fm2Messenger(fm));
            }
        });
    }
}
