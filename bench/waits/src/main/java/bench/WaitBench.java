package bench;

import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.LockSupport;
import org.apache.commons.javaflow.api.Continuation;
import org.apache.commons.javaflow.api.continuable;

/**
 * What one wait of a host program costs: the program gives control to its component and gets it back, DEPTH
 * frames deep (-Ddepth, default 12; -Dwaits). Today's two semaphores; park/unpark on a volatile turn (what
 * ProgramThread's Coroutine uses now); the same with spinning before parking (both sides 2000 or 100 spins, or the
 * component alone 20000); a javaflow continuation woven at build time (suspend and resume, no second thread).
 */
public class WaitBench {
    static final int DEPTH = Integer.getInteger("depth", 12);
    static volatile long sink;

    // ---- (0) semaphores, today's mechanism
    static final class SemCoroutine {
        final Semaphore toProgram = new Semaphore(0), toComponent = new Semaphore(0);
        void suspend() { toComponent.release(); toProgram.acquireUninterruptibly(); }
        void resume() { toProgram.release(); toComponent.acquireUninterruptibly(); }
    }

    // ---- (1) spin-then-park hand-off on one volatile turn
    static final class ParkCoroutine {
        volatile int turn; // 0 component, 1 program
        Thread component, program;
        final int spins;
        int programSpins;
        ParkCoroutine(int spins) { this.spins = spins; this.programSpins = spins; }
        ParkCoroutine(int spins, int programSpins) { this.spins = spins; this.programSpins = programSpins; }
        void await(int me) {
            int n = me == 1 ? programSpins : spins;
            for (int i = 0; i < n; i++) { if (turn == me) return; Thread.onSpinWait(); }
            while (turn != me) LockSupport.park(this);
        }
        void suspend() { turn = 0; LockSupport.unpark(component); await(1); }
        void resume() { turn = 1; LockSupport.unpark(program); await(0); }
    }

    interface Waiter { void await(); }

    static long recurse(int d, Waiter w, long acc) {
        if (d == 0) { w.await(); return acc + 1; }
        long x = recurse(d - 1, w, acc + d);
        return x ^ d;
    }

    @continuable
    static long recurseFlow(int d, long acc) {
        if (d == 0) { Continuation.suspend(); return acc + 1; }
        long x = recurseFlow(d - 1, acc + d);
        return x ^ d;
    }

    static final class FlowProgram implements Runnable {
        final int waits;
        FlowProgram(int waits) { this.waits = waits; }
        @Override @continuable public void run() {
            long s = 0;
            for (int i = 0; i < waits; i++) s += recurseFlow(DEPTH, i);
            sink = s;
        }
    }

    static double sem(int waits) throws Exception {
        SemCoroutine c = new SemCoroutine();
        Thread t = new Thread(null, () -> {
            c.toProgram.acquireUninterruptibly();
            long s = 0;
            for (int i = 0; i < waits; i++) s += recurse(DEPTH, c::suspend, i);
            sink = s;
            c.toComponent.release();
        }, "p", 512 * 1024);
        t.setDaemon(true); t.start();
        long t0 = System.nanoTime();
        for (int i = 0; i <= waits; i++) c.resume();
        long t1 = System.nanoTime();
        t.join();
        return (t1 - t0) / (double) waits;
    }

    static double park(int waits, int spins) throws Exception { return park(waits, spins, spins); }
    static double park(int waits, int spins, int programSpins) throws Exception {
        ParkCoroutine c = new ParkCoroutine(spins, programSpins);
        c.component = Thread.currentThread();
        Thread t = new Thread(null, () -> {
            c.await(1);
            long s = 0;
            for (int i = 0; i < waits; i++) s += recurse(DEPTH, c::suspend, i);
            sink = s;
            c.turn = 0; LockSupport.unpark(c.component);
        }, "p", 512 * 1024);
        c.program = t;
        t.setDaemon(true); t.start();
        long t0 = System.nanoTime();
        for (int i = 0; i <= waits; i++) c.resume();
        long t1 = System.nanoTime();
        t.join();
        return (t1 - t0) / (double) waits;
    }

    static double flow(int waits) {
        long t0 = System.nanoTime();
        Continuation c = Continuation.startWith(new FlowProgram(waits));
        int n = 0;
        while (c != null) { c = c.resume(); n++; }
        long t1 = System.nanoTime();
        return (t1 - t0) / (double) waits;
    }

    public static void main(String[] a) throws Exception {
        int waits = Integer.getInteger("waits", 200_000);
        String which = a.length > 0 ? a[0] : "all";
        for (int round = 0; round < 5; round++) {
            StringBuilder sb = new StringBuilder("round " + round + " depth " + DEPTH + ":");
            if (which.equals("all") || which.equals("sem")) sb.append(String.format(" semaphores %.0f ns/wait;", sem(waits / 4)));
            if (which.equals("all") || which.equals("park0")) sb.append(String.format(" park(no spin) %.0f;", park(waits / 4, 0)));
            if (which.equals("all") || which.equals("park")) sb.append(String.format(" spin-then-park(2000) %.0f;", park(waits, 2000)));
            if (which.equals("all") || which.equals("park100")) sb.append(String.format(" spin(100) %.0f;", park(waits / 4, 100)));
            if (which.equals("all") || which.equals("parkc")) sb.append(String.format(" component-spins(20000) %.0f;", park(waits / 4, 20000, 0)));
            if (which.equals("all") || which.equals("flow")) sb.append(String.format(" javaflow %.0f;", flow(waits)));
            System.out.println(sb);
        }
    }
}
