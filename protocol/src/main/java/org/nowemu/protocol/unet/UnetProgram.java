package org.nowemu.protocol.unet;

import org.apache.commons.javaflow.api.continuable;

/** Workload code that runs as the one process of a host on U-Net, against {@link Unet}. */
@FunctionalInterface
public interface UnetProgram {
    @continuable
    void run(Unet unet);
}
