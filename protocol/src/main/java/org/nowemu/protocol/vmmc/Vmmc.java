package org.nowemu.protocol.vmmc;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.host.PolledLibrary;

/**
 * VMMC as a program sees it (systems §8.2): {@code export} ({@code vmmc_export}, with
 * {@code vmmc_set_notification_handler}), {@code importBuffer} ({@code vmmc_import}), {@code send} (the asynchronous
 * deliberate update, with {@code await} as {@code vmmc_wait}) and {@code sendSync}, and {@code poll}/{@code next} for
 * notifications, each with its handler run; on VMMC-2, {@code redirect}. Unimport, unexport and fetch (remote to
 * local) are left out.
 */
public final class Vmmc extends PolledLibrary<Vmmc.Notification> {
    private final VmmcProcess p;

    Vmmc(VmmcProcess p) {
        super(p);
        this.p = p;
    }

    /** A notification: the request from {@code src} whose last packet filled {@code length} bytes at {@code offset}. */
    public record Notification(int src, int exp, int offset, int length) {
    }

    /** A user-level handler run, when the program polls, for each notification of its export. */
    @FunctionalInterface
    public interface NotificationHandler {
        void notified(Notification n);
    }

    /** Exports a receive buffer of {@code bytes} bytes (its pages pinned); returns its name, from 0 in order. */
    @continuable
    public int export(int bytes, NotificationHandler handler) {
        return p.export(bytes, handler);
    }

    /** This process's own exported buffer {@code exp}, as the NIC's deposits have filled it. */
    public byte[] exported(int exp) {
        return p.exported(exp);
    }

    /** Imports export {@code exp} of host {@code node}: the import's handle, or -1 if the exporter has no such export. */
    @continuable
    public int importBuffer(int node, int exp) {
        return p.importBuffer(node, exp);
    }

    /**
     * Sends {@code data}, at virtual address {@code va} of this process, to offset {@code offset} of import
     * {@code imp}, notifying the receiver if {@code notify}; returns the request's handle for {@link #await}.
     */
    @continuable
    public int send(int imp, int offset, long va, byte[] data, boolean notify) {
        return p.send(imp, offset, va, data, notify);
    }

    /** Waits until the NIC is done with request {@code handle}: true if it carried it, false if it refused it. */
    @continuable
    public boolean await(int handle) {
        return p.await(handle);
    }

    /** {@link #send} then {@link #await}. */
    @continuable
    public boolean sendSync(int imp, int offset, long va, byte[] data, boolean notify) {
        return p.await(p.send(imp, offset, va, data, notify));
    }

    /**
     * VMMC-2 ({@code vmmc_redirect}): posts the program's buffer for bytes {@code offset..offset + length} of export
     * {@code exp}, so that data for that range lands there rather than in the export's staging pages; data that has
     * already landed is copied out now. A VMMC stack refuses it.
     */
    @continuable
    public void redirect(int exp, int offset, int length) {
        p.redirect(exp, offset, length);
    }

    /** Whether the program waits for notifications by interrupt (a signal) rather than by polling. */
    @continuable
    public void interrupts(boolean on) {
        p.interrupts(on);
    }
}
