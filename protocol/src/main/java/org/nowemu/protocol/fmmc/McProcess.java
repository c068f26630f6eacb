package org.nowemu.protocol.fmmc;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.fm.FmCore;
import org.nowemu.protocol.parts.host.LibraryThread;

/** A process on FM/MC: FM's library core for unicast, and the multicast slots and area beside it. */
public final class McProcess extends LibraryThread {
    private final FmCore core;
    private final FmMc fmmc;
    private final FmMcProgram program;

    McProcess(HardwareProfile profile, NicParts nic, int hosts, McSettings settings, FmMcProgram program) {
        super(profile, nic, hosts);
        this.core = new FmCore(this, settings.fm());
        this.fmmc = new FmMc(this, core, settings);
        this.program = program;
    }

    @Override
    @continuable
    protected void program() {
        core.init();
        program.run(fmmc);
    }

    @Override
    protected void onMemory(Object written) {
        if (written instanceof McWire.McFree f) {
            fmmc.freed(f.slot());
        } else if (written instanceof McWire.McArrival a) {
            fmmc.arrived(a);
        } else {
            core.onMemory(written);
        }
    }
}
