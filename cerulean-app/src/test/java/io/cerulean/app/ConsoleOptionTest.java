package io.cerulean.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code cerulean serve}'s console switch. */
class ConsoleOptionTest {
    private static boolean console(String... args) {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs(args);
        return serve.console;
    }

    @Test
    void theConsoleIsOnUnlessTurnedOff() {
        assertThat(console()).isTrue();
        assertThat(console("--console")).isTrue();
        assertThat(console("--no-console")).isFalse();
    }
}
