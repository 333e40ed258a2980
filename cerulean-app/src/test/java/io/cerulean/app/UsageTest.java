package io.cerulean.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class UsageTest {
    /** picocli formats descriptions: a bare '%' in one is a warning on standard error and a garbled line. */
    @Test
    void everyCommandsHelpRendersWithoutAWarning() {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        StringBuilder usage = new StringBuilder();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            CommandLine main = Main.commandLine();
            usage.append(main.getUsageMessage());
            for (CommandLine command : main.getSubcommands().values()) {
                usage.append(command.getUsageMessage());
            }
        } finally {
            System.setErr(err);
        }

        assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain("WARN");
        assertThat(usage.toString().replaceAll("\\s+", " ")).contains("taking 90% of its table's")
                .contains("export").contains("backup");
    }
}
