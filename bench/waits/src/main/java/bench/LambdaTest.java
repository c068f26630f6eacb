package bench;

import org.apache.commons.javaflow.api.Continuation;
import org.apache.commons.javaflow.api.continuable;

/**
 * Javaflow's limit with lambdas: a lambda on the suspending path (a handler, a program written as a lambda) is a
 * class the JVM makes at run time, which the build-time weaver never sees; resuming through it fails with a
 * ClassCastException. Programs and handlers would all have to be named classes (or the run-time agent used).
 */
public class LambdaTest {
    interface Handler { @continuable void handle(int x); }
    interface Prog { @continuable void run(Api api); }

    static final class Api {
        int handled;
        Handler h;
        @continuable void waitSome(String why) { System.out.println("  suspend: " + why); Continuation.suspend(); }
        @continuable void poll(int x) { h.handle(x); }
    }

    int field = 100;

    @continuable void instanceProgram(Api api) {
        int local = 7;
        api.h = x -> { api.waitSome("in handler " + x + " local " + local + " field " + field); api.handled += x + local + field; };
        Prog p = a -> { for (int i = 0; i < 3; i++) { a.poll(i); a.waitSome("loop " + i); } };
        p.run(api);
        System.out.println("  handled = " + api.handled + " (expect " + (0 + 1 + 2 + 3 * (7 + 100)) + ")");
    }

    public static void main(String[] args) {
        Api api = new Api();
        LambdaTest t = new LambdaTest();
        Runnable r = new Runnable() { @Override @continuable public void run() { t.instanceProgram(api); } };
        Continuation c = Continuation.startWith(r);
        int n = 1;
        while (c != null) { c = c.resume(); n++; }
        System.out.println("resumes " + n);
    }
}
