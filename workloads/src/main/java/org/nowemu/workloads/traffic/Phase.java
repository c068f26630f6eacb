package org.nowemu.workloads.traffic;

/**
 * One phase of a job, as read and checked: what its hosts send, how much, and for how long.
 *
 * @param label       the phase's name in metrics: its index in the job, with the sweep point after a dot
 * @param pattern     the pattern as written, and its destination function for the job's hosts
 * @param size        the size distribution as written, and the distribution
 * @param arrival     the arrival process
 * @param load        the offered load per host as written ({@code 2MB/s}, {@code 5000/s})
 * @param meanGapPs   the mean gap between a host's messages that load asks for (ps)
 * @param durationPs  how long the phase creates messages (ps), or 0 when {@code messages} bounds it
 * @param messages    messages each host creates, or 0 when {@code durationPs} bounds it
 * @param warmupPs    the start of the phase left out of the measurement (ps)
 * @param outstanding closed loop: a host's messages in flight at most; 0 for open loop
 */
record Phase(String label, String patternText, Pattern pattern, String sizeText, Sizes.Size size, Arrival arrival,
             String load, double meanGapPs, long durationPs, long messages, long warmupPs, int outstanding) {
    boolean closed() {
        return outstanding > 0;
    }
}
