package org.nowemu.workloads.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.runtime.EmulationException;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command line: {@code run}, {@code list}, {@code bench}. Exit codes: 0 success, 1 the run failed (an
 * invariant broken, a component failed), 2 bad input (one line naming what is wrong, never a stack trace).
 */
@Command(name = "nowemu", mixinStandardHelpOptions = true, version = "nowemu 0.1.0",
        description = "Emulator of the Berkeley NOW cluster communication system (AM-II over virtual networks on Myrinet).",
        subcommands = {RunCommand.class, ListCommand.class, org.nowemu.workloads.bench.BenchCommand.class,
                CalibrateCommand.class, ReproduceCommand.class, NodeCommand.class})
public final class Main implements Runnable {
    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int BAD_INPUT = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(args, System.out, System.err));
    }

    /** The whole command line, minus {@code System.exit}: returns the exit code. */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        LoggerFactory.getILoggerFactory(); // initialise logging before Pekko's threads race to do it
        PrintWriter errWriter = new PrintWriter(err, true);
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(errWriter);
        cl.setParameterExceptionHandler((ex, a) -> {
            errWriter.println("nowemu: " + ex.getMessage().replaceAll("\\s*\\n\\s*", " "));
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof BadInputException) {
                errWriter.println("nowemu: " + ex.getMessage());
                return BAD_INPUT;
            }
            if (ex instanceof com.typesafe.config.ConfigException ce) {
                // A configuration problem a reader did not catch is still bad input, in one line.
                errWriter.println("nowemu: " + org.nowemu.actors.config.ConfigReader.from(ce).getMessage());
                return BAD_INPUT;
            }
            if (ex instanceof EmulationException) {
                errWriter.println("nowemu: run failed: " + ex.getMessage());
                return FAILED;
            }
            errWriter.println("nowemu: internal error: " + ex);
            ex.printStackTrace(errWriter);
            return FAILED;
        });
        return cl.execute(args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "name a command: run, list, bench, calibrate, reproduce or node (nowemu --help tells more)");
    }

    /** The project root, where application.conf and workloads/ live (the launcher sets it). */
    public static Path home() {
        return Path.of(System.getProperty("nowemu.home", "."));
    }
}
