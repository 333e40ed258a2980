package io.cerulean.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.http.throttle.ScalabilityTargets;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code cerulean serve --scalability-targets} and {@code --scalability-target NAME=VALUE}. */
class ScalabilityTargetOptionsTest {
    private static Optional<ScalabilityTargets> parse(String... args) {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs(args);
        return serve.scalabilityTargets.targets();
    }

    @Test
    void offByDefaultAndAzuresWhenAsked() {
        assertThat(parse()).isEmpty();
        assertThat(parse("--scalability-targets", "off")).isEmpty();
        assertThat(parse("--scalability-targets", "azure")).contains(ScalabilityTargets.azure());
    }

    @Test
    void eachTargetCanBeSet() {
        assertThat(parse("--scalability-targets", "azure", "--scalability-target", "table-partition-entities-per-second=50",
                "--scalability-target", "burst-seconds=2"))
                .contains(ScalabilityTargets.azure().with("table-partition-entities-per-second=50")
                        .with("burst-seconds=2"));
    }

    @Test
    void aTargetWithoutTargetsOrAnUnknownOneIsAUsageError() {
        assertThatThrownBy(() -> parse("--scalability-target", "queue-messages-per-second=5"))
                .isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining("off");
        assertThatThrownBy(() -> parse("--scalability-targets", "azure", "--scalability-target", "partition=5"))
                .isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining("unknown scalability target");
        assertThatThrownBy(() -> parse("--scalability-targets", "aws"))
                .isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining("off or azure");
    }
}
