package io.cerulean.app;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code cerulean} command. */
@Command(name = "cerulean", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        subcommands = ServeCommand.class,
        description = "A self-hosted server for the Azure Table Storage REST API.")
public final class Main implements Runnable {
    public static void main(String[] args) {
        CommandLine commandLine = new CommandLine(new Main());
        commandLine.setParameterExceptionHandler((e, arguments) -> {
            System.err.println("cerulean: " + e.getMessage());
            System.err.println("Try 'cerulean serve --help'.");
            return ServeCommand.EXIT_BAD_CONFIG;
        });
        int exit = commandLine.execute(args);
        if (exit != 0) {
            System.exit(exit);
        }
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
