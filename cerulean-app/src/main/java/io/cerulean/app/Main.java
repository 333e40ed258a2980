package io.cerulean.app;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code cerulean} command. */
@Command(name = "cerulean", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        subcommands = ServeCommand.class,
        description = "A self-hosted server for the Azure Table Storage REST API.")
public final class Main implements Runnable {
    public static void main(String[] args) {
        int exit = new CommandLine(new Main()).execute(args);
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
