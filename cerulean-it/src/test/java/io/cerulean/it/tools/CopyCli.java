package io.cerulean.it.tools;

import io.cerulean.app.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** {@code cerulean copy} run in-process, as {@code Main} runs it, with its exit code and output. */
final class CopyCli {
    private CopyCli() {
    }

    record Result(int exit, String out, String err) {
        /** For assertion messages. */
        String both() {
            return "exit " + exit + "\nstdout:\n" + out + "\nstderr:\n" + err;
        }
    }

    static Result run(String... arguments) {
        String[] args = new String[arguments.length + 1];
        args[0] = "copy";
        System.arraycopy(arguments, 0, args, 1, arguments.length);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = Main.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exit = commandLine.execute(args);
        return new Result(exit, out.toString(), err.toString());
    }
}
