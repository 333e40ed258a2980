package io.cerulean.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code cerulean serve}'s metrics options. */
class MetricsOptionsTest {
    private static ServeCommand parsed(String... args) {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs(args);
        return serve;
    }

    @Test
    void metricsAreOnTheServicePortsAndNoPortOfTheirOwnUnlessAsked() {
        assertThat(parsed().metrics).isTrue();
        assertThat(parsed().metricsPort).isNull();
        assertThat(parsed("--no-metrics").metrics).isFalse();
        assertThat(parsed("--metrics-port", "9464").metricsPort).isEqualTo(9464);
        assertThat(parsed("--metrics-port", "0", "--no-metrics").metrics).isFalse();
    }
}
