package org.nowemu.protocol.fm;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.host.LibraryThread;

/**
 * A process on Fast Messages: the host thread that runs a program against FM 1.x or FM 2.x (or a layer over them,
 * MPI). It owns the library's shared state ({@link FmCore}), initializes it and hands the program its API.
 */
public final class FmProcess extends LibraryThread {
    /** What the process runs: given the process and its FM core, build the API and run the program on it. */
    @FunctionalInterface
    public interface Body {
        @continuable
        void run(FmProcess process, FmCore core);
    }

    private final FmCore core;
    private final Body body;

    public FmProcess(HardwareProfile profile, NicParts nic, int hosts, FmSettings settings, Body body) {
        super(profile, nic, hosts);
        this.core = new FmCore(this, settings);
        this.body = body;
    }

    @Override
    @continuable
    protected void program() {
        core.init();
        body.run(this, core);
    }

    @Override
    protected void onMemory(Object written) {
        core.onMemory(written);
    }
}
