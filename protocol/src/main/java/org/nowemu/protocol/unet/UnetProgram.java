package org.nowemu.protocol.unet;

/** Workload code that runs as the one process of a host on U-Net, against {@link Unet}. */
@FunctionalInterface
public interface UnetProgram {
    void run(Unet unet);
}
