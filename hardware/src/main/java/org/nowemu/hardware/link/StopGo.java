package org.nowemu.hardware.link;

/**
 * The STOP or GO control symbol a link's receiving end sends back to the transmitter over the reverse direction
 * of the same cable.
 *
 * @param port the transmitter's port on the component that receives this symbol
 * @param go   true for GO, false for STOP
 */
public record StopGo(int port, boolean go) {
}
