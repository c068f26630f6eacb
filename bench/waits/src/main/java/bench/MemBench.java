package bench;

import java.nio.file.*;
import java.util.*;
import java.util.concurrent.locks.LockSupport;
import org.apache.commons.javaflow.api.Continuation;
import org.apache.commons.javaflow.api.continuable;

/** RSS per parked program thread (at a realistic depth) against per suspended javaflow continuation. */
public class MemBench {
    static long rssKb() throws Exception {
        for (String l : Files.readAllLines(Path.of("/proc/self/status"))) if (l.startsWith("VmRSS")) return Long.parseLong(l.replaceAll("\\D", ""));
        return -1;
    }
    static volatile boolean go;
    static long deep(int d, long acc) { if (d == 0) { while (!go) LockSupport.park(); return acc; } return deep(d - 1, acc + d) ^ d; }
    @continuable static long deepFlow(int d, long acc) { if (d == 0) { Continuation.suspend(); return acc; } return deepFlow(d - 1, acc + d) ^ d; }
    static final class P implements Runnable { @Override @continuable public void run() { deepFlow(30, 0); } }
    static long heapUsed() { Runtime r = Runtime.getRuntime(); for (int i = 0; i < 3; i++) System.gc(); return r.totalMemory() - r.freeMemory(); }
    public static void main(String[] a) throws Exception {
        int n = Integer.parseInt(a[1]);
        if (a[0].equals("flow")) {
            long h0 = heapUsed(), r0 = rssKb();
            List<Continuation> cs = new ArrayList<>();
            for (int i = 0; i < n; i++) cs.add(Continuation.startWith(new P()));
            long h1 = heapUsed(), r1 = rssKb();
            System.out.printf("javaflow: %d continuations suspended at depth 30: heap %.0f B each, RSS %.1f KiB each%n", n, (h1 - h0) / (double) n, (r1 - r0) / (double) n);
            System.out.println(cs.size());
        } else {
            long stack = Long.parseLong(a[0]) * 1024;
            long h0 = heapUsed(), r0 = rssKb();
            List<Thread> ts = new ArrayList<>();
            for (int i = 0; i < n; i++) { Thread t = new Thread(null, () -> deep(30, 0), "p" + i, stack); t.setDaemon(true); t.start(); ts.add(t); }
            Thread.sleep(2000);
            long h1 = heapUsed(), r1 = rssKb();
            System.out.printf("threads (stack %d KiB): %d parked at depth 30: heap %.0f B each, RSS %.1f KiB each%n", stack / 1024, n, (h1 - h0) / (double) n, (r1 - r0) / (double) n);
            go = true; for (Thread t : ts) LockSupport.unpark(t);
        }
    }
}
