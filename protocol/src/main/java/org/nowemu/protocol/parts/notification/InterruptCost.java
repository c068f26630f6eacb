package org.nowemu.protocol.parts.notification;

import org.nowemu.hardware.profile.HardwareProfile;

/**
 * What one NIC interrupt costs the host before its handler runs, from the profile (survey P13, P14): dispatched to
 * a kernel handler ({@code interrupt-dispatch}, about 10 us on {@code ppro}) or delivered to the process as a
 * user-level signal ({@code signal-dispatch}, about 24 us under BSD/OS, the kernel's dispatch included). The
 * comparison systems run their handlers in the user's process, so they take the signal's cost.
 *
 * @param kernelPs the kernel dispatch (ps)
 * @param signalPs a user-level signal, dispatch included (ps)
 */
public record InterruptCost(long kernelPs, long signalPs) {
    public static InterruptCost of(HardwareProfile profile) {
        return new InterruptCost(profile.host().interruptDispatch(), profile.host().signalDispatch());
    }
}
