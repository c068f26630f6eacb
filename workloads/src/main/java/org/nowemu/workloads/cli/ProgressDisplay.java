package org.nowemu.workloads.cli;

import java.time.Duration;
import java.util.Locale;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.time.VirtualTime;

/**
 * A progress bar on the terminal while a run goes: virtual time done of planned (microseconds) and events per
 * second. Shown only when standard output is a terminal; reads {@link RunProgress} from its own thread and
 * never touches the emulation.
 */
final class ProgressDisplay implements AutoCloseable {
    private final ProgressBar bar;
    private Thread poller;
    private volatile boolean running = true;

    private ProgressDisplay(ProgressBar bar) {
        this.bar = bar;
    }

    /** A bar counting virtual time to {@code horizonPs} (the end of the run's traffic). */
    static ProgressDisplay start(String task, long horizonPs, RunProgress progress) {
        if (System.console() == null || horizonPs == VirtualTime.NEVER) {
            return new ProgressDisplay(null);
        }
        ProgressBar bar = new ProgressBarBuilder().setTaskName(task).setInitialMax((long) VirtualTime.toMicros(horizonPs))
                .setUnit(" us", 1).setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(250)
                .showSpeed().setSpeedUnit(java.time.temporal.ChronoUnit.SECONDS).build();
        ProgressDisplay d = new ProgressDisplay(bar);
        d.poller = new Thread(() -> d.poll(progress), "nowemu-progress");
        d.poller.setDaemon(true);
        d.poller.start();
        return d;
    }

    private void poll(RunProgress progress) {
        long startNs = System.nanoTime();
        while (running) {
            // Virtual time past the traffic (a run with faults waits out the give-up time) shows as done.
            bar.stepTo(Math.min(bar.getMax(), (long) VirtualTime.toMicros(progress.virtualTime())));
            double secs = Math.max(1e-9, (System.nanoTime() - startNs) / 1e9);
            bar.setExtraMessage(String.format(Locale.ROOT, " %.2fM events/s", progress.events() / secs / 1e6));
            try {
                Thread.sleep(Duration.ofMillis(200).toMillis());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @Override
    public void close() {
        running = false;
        if (poller != null) {
            poller.interrupt();
        }
        if (bar != null) {
            bar.stepTo(bar.getMax());
            bar.close();
        }
    }
}
