package io.cerulean.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.table.advisor.AdvisorSettings;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code cerulean serve}'s design advisor options. */
class AdvisorOptionsTest {
    private static AdvisorSettings parse(String... args) {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs(args);
        return serve.advisor.settings();
    }

    @Test
    void theDefaultsAreAzuresTargetsAndTheAdvisorIsOn() {
        assertThat(parse()).isEqualTo(AdvisorSettings.DEFAULTS);
    }

    @Test
    void everyThresholdIsCarriedAndNoAdvisorTurnsItOff() {
        AdvisorSettings settings = parse("--advisor-window-s", "10", "--advisor-partition-entities-per-s", "50",
                "--advisor-end-inserts-per-s", "5", "--advisor-scans-per-min", "3", "--advisor-read-amplification", "4",
                "--advisor-transactions-per-s", "2", "--advisor-partition-bytes", "1000000",
                "--advisor-partition-entities", "500", "--advisor-tables", "10");
        assertThat(settings).isEqualTo(new AdvisorSettings(true, Duration.ofSeconds(10), 50, 5, 3, 4, 2, 1_000_000,
                500, 10));
        assertThat(parse("--no-advisor").enabled()).isFalse();
    }

    @Test
    void aThresholdOutOfRangeIsAUsageError() {
        assertThatThrownBy(() -> parse("--advisor-window-s", "0")).isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("--advisor-window-s");
        assertThatThrownBy(() -> parse("--advisor-partition-entities-per-s", "-1"))
                .isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining("partitionEntitiesPerSecond");
        assertThatThrownBy(() -> parse("--advisor-read-amplification", "0.5"))
                .isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining("readAmplification");
    }
}
