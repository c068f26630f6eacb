package bench;

import org.apache.commons.javaflow.api.Continuation;
import org.apache.commons.javaflow.api.continuable;

/**
 * Javaflow's limit with a method left unannotated on the suspending path: the suspend does not stop it, it runs on
 * past the wait (here three times) before the stack check at the end notices. In the emulator that would be a
 * program acting at the wrong virtual time; every one of the ~200 methods on the paths would need the annotation.
 */
public class MissedTest {
    static int steps;
    @continuable static void waitOnce() { Continuation.suspend(); }
    static void notAnnotated(int i) { waitOnce(); steps++; System.out.println("  after wait " + i + " (ran on, not suspended)"); }
    public static void main(String[] args) {
        Runnable r = new Runnable() { @Override @continuable public void run() { for (int i = 0; i < 3; i++) { notAnnotated(i); waitOnce(); } } };
        Continuation c = Continuation.startWith(r);
        int n = 1;
        while (c != null) { c = c.resume(); n++; }
        System.out.println("resumes " + n + " steps " + steps + " (a correct run: 7 resumes... missed ones ran through)");
    }
}
