package org.nowemu.protocol.fm.fm1;

import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.host.ProcessServices;

/**
 * FM 1.x's calls for whole messages, which FM/MC keeps for its unicast: handlers registered by id, {@code FM_send},
 * and extracting until something holds.
 */
public interface Fm1Api extends ProcessServices {
    /** Registers {@code handler} under {@code id} (0..255), the id messages name. */
    void register(int id, Fm1Handler handler);

    /** FM_send: {@code size} bytes of {@code buf} to {@code dest}'s handler {@code handler}. */
    @continuable
    void send(int dest, int handler, byte[] buf, int size);

    /** Extracts until {@code done} holds or virtual time reaches {@code deadline}. */
    @continuable
    void extractUntil(BooleanSupplier done, long deadline);
}
