package io.cerulean.app;

import io.cerulean.bench.BenchCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code cerulean} command. */
@Command(name = "cerulean", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        subcommands = {ServeCommand.class, BenchCommand.class, WarmUpCommand.class},
        description = "A self-hosted server for the Azure Table Storage REST API.")
public final class Main implements Runnable {
    public static void main(String[] args) {
        // Netty samples buffer allocations for leak reports by default, capturing a stack trace each
        // time: worth it in tests, not in a server or a load generator. An explicit setting wins.
        if (System.getProperty("io.netty.leakDetection.level") == null) {
            System.setProperty("io.netty.leakDetection.level", "disabled");
        }
        int exit = commandLine().execute(args);
        if (exit != 0) {
            System.exit(exit);
        }
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

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
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
