package org.nowemu.protocol.fm.fm1;

/** An FM 1.x handler [E: the signature]: runs when FM_extract meets its message, whole and contiguous. */
@FunctionalInterface
public interface Fm1Handler {
    /**
     * @param buf    the message: in the receive slot itself for a one-packet message, else in the sender's
     *               reassembly buffer; valid until the handler returns
     * @param size   its length
     * @param sender the sending host
     */
    void handle(byte[] buf, int size, int sender);
}
