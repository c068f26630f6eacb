package org.nowemu.hardware.switching;

/**
 * Round-robin arbitration of one output port among the inputs whose packet heads want it: the search for the
 * next winner starts after the last winner, so every waiting input is served within one round of the others
 * (fair and starvation-free).
 */
final class Arbiter {
    private final boolean[] waiting;
    private int last;

    Arbiter(int inputs) {
        this.waiting = new boolean[inputs];
        this.last = inputs - 1;
    }

    void request(int input) {
        waiting[input] = true;
    }

    void withdraw(int input) {
        waiting[input] = false;
    }

    /** The next input to serve, or -1 when none waits; the winner stops waiting. */
    int grant() {
        int n = waiting.length;
        for (int k = 1; k <= n; k++) {
            int i = (last + k) % n;
            if (waiting[i]) {
                waiting[i] = false;
                last = i;
                return i;
            }
        }
        return -1;
    }
}
