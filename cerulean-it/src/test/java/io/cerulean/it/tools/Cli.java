package io.cerulean.it.tools;

import io.cerulean.app.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs a {@code cerulean} subcommand in-process, as the command line would, with its output captured. */
public record Cli(int exit, String out, String err) {
    public static Cli run(String... args) {
        CommandLine commandLine = Main.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exit = commandLine.execute(args);
        return new Cli(exit, out.toString(), err.toString());
    }

    @Override
    public String toString() {
        return "exit " + exit + "\n--- stdout\n" + (out.length() > 2000 ? out.substring(0, 2000) + "..." : out)
                + "\n--- stderr\n" + err;
    }
}
