package io.cerulean.app;

import io.cerulean.http.server.ConnectionLimits;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** What one client may hold of the server: the {@code serve} options behind {@link ConnectionLimits}. */
final class ConnectionOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--idle-timeout-s", paramLabel = "SECONDS",
            defaultValue = "${env:CERULEAN_IDLE_TIMEOUT_S:-120}",
            description = "Close a connection idle this long between requests (env CERULEAN_IDLE_TIMEOUT_S).")
    long idleTimeoutSeconds;

    @Option(names = "--header-timeout-s", paramLabel = "SECONDS",
            defaultValue = "${env:CERULEAN_HEADER_TIMEOUT_S:-30}",
            description = "Answer 408 to a request whose headers take longer than this (env CERULEAN_HEADER_TIMEOUT_S).")
    long headerTimeoutSeconds;

    @Option(names = "--body-timeout-s", paramLabel = "SECONDS",
            defaultValue = "${env:CERULEAN_BODY_TIMEOUT_S:-60}",
            description = "Answer 408 to a request whose body pauses longer than this (env CERULEAN_BODY_TIMEOUT_S).")
    long bodyTimeoutSeconds;

    @Option(names = "--max-connections", paramLabel = "N",
            defaultValue = "${env:CERULEAN_MAX_CONNECTIONS:-10000}",
            description = "Close connections beyond this many open at once (env CERULEAN_MAX_CONNECTIONS).")
    int maxConnections;

    @Option(names = "--max-buffered-body-mb", paramLabel = "MB", defaultValue = "${env:CERULEAN_MAX_BUFFERED_BODY_MB}",
            description = "Answer 503 ServerBusy to a request whose body would take the bodies held at once past "
                    + "this; default a quarter of the heap (env CERULEAN_MAX_BUFFERED_BODY_MB).")
    Long maxBufferedBodyMegabytes;

    /** The limits these options say; a value out of range is a usage error naming its option. */
    ConnectionLimits limits() {
        positive(idleTimeoutSeconds, "--idle-timeout-s");
        positive(headerTimeoutSeconds, "--header-timeout-s");
        positive(bodyTimeoutSeconds, "--body-timeout-s");
        positive(maxConnections, "--max-connections");
        long budget = ConnectionLimits.defaultBufferedBodyBudget();
        if (maxBufferedBodyMegabytes != null) {
            positive(maxBufferedBodyMegabytes, "--max-buffered-body-mb");
            budget = Math.multiplyExact(maxBufferedBodyMegabytes, 1L << 20);
        }
        return new ConnectionLimits(Duration.ofSeconds(idleTimeoutSeconds), Duration.ofSeconds(headerTimeoutSeconds),
                Duration.ofSeconds(bodyTimeoutSeconds), maxConnections, budget);
    }

    private void positive(long value, String option) {
        if (value < 1) {
            throw new ParameterException(spec.commandLine(), option + " must be at least 1, not " + value);
        }
    }
}
