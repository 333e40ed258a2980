package io.cerulean.app;

import io.cerulean.app.backup.BackupCommand;
import io.cerulean.app.backup.RestoreCommand;
import io.cerulean.bench.BenchCommand;
import io.cerulean.tools.copy.CopyCommand;
import io.cerulean.tools.reset.ResetCommand;
import io.cerulean.tools.table.ExportCommand;
import io.cerulean.tools.table.ImportCommand;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The {@code cerulean} command. */
@Command(name = "cerulean", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        subcommands = {ServeCommand.class, BenchCommand.class, WarmUpCommand.class, ExportCommand.class,
            ImportCommand.class, CopyCommand.class, ResetCommand.class, BackupCommand.class, RestoreCommand.class,
            CommandLine.HelpCommand.class},
        description = "A self-hosted server for the Azure Table, Queue and Blob Storage REST APIs, and tools that move"
                + " data in and out of any Azure Storage endpoint.")
public final class Main implements Callable<Integer> {
    public static void main(String[] args) {
        // Netty samples buffer allocations for leak reports by default, capturing a stack trace each
        // time: worth it in tests, not in a server or a load generator. An explicit setting wins.
        if (System.getProperty("io.netty.leakDetection.level") == null) {
            System.setProperty("io.netty.leakDetection.level", "disabled");
        }
        // Always: a thread some library left running must not keep a finished command alive.
        System.exit(commandLine().execute(args));
    }

    /**
     * The command line as {@link #main} runs it, for callers that run a subcommand in-process and
     * want its exit code and output ({@link CommandLine#setOut}, {@link CommandLine#setErr}).
     */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new Main());
        commandLine.setParameterExceptionHandler((e, arguments) -> {
            // Both subcommands use 4 for a malformed option.
            CommandLine failed = e.getCommandLine();
            failed.getErr().println("cerulean: " + e.getMessage());
            failed.getErr().println("Try '" + failed.getCommandSpec().qualifiedName() + " --help'.");
            failed.getErr().flush();
            return ServeCommand.EXIT_BAD_CONFIG;
        });
        return commandLine;
    }

    @Spec
    CommandSpec spec;

    /** {@code cerulean} alone names no command: the usage, on standard error, and a malformed command line's exit code. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ServeCommand.EXIT_BAD_CONFIG;
    }

    static String version() {
        String version = Main.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"cerulean " + version()};
        }
    }
}
