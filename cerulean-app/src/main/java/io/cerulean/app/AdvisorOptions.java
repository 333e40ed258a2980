package io.cerulean.app;

import io.cerulean.table.advisor.AdvisorSettings;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The {@code serve} options of the Table service's design advisor ({@link AdvisorSettings}). */
final class AdvisorOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--advisor", negatable = true, defaultValue = "${env:CERULEAN_ADVISOR:-true}", fallbackValue = "true",
            description = "Watch the Table service's traffic and report where a design will not hold on Azure at "
                    + "GET /<account>/$advisor, in the metrics and the log; --no-advisor turns it off (env CERULEAN_ADVISOR).")
    boolean enabled;

    @Option(names = "--advisor-window-s", paramLabel = "SECONDS", defaultValue = "${env:CERULEAN_ADVISOR_WINDOW_S:-60}",
            description = "How long the advisor averages rates over (env CERULEAN_ADVISOR_WINDOW_S; default ${DEFAULT-VALUE}).")
    long windowSeconds;

    @Option(names = "--advisor-partition-entities-per-s", paramLabel = "N",
            defaultValue = "${env:CERULEAN_ADVISOR_PARTITION_ENTITIES_PER_S:-2000}",
            description = "Entities written and read a second above which a partition is hot (default ${DEFAULT-VALUE}, "
                    + "Azure's target for one partition).")
    double partitionEntitiesPerSecond;

    @Option(names = "--advisor-end-inserts-per-s", paramLabel = "N",
            defaultValue = "${env:CERULEAN_ADVISOR_END_INSERTS_PER_S:-2000}",
            description = "Inserts a second at one end of a key space above which it is an append or prepend hot "
                    + "spot (default ${DEFAULT-VALUE}).")
    double endInsertsPerSecond;

    @Option(names = "--advisor-scans-per-min", paramLabel = "N", defaultValue = "${env:CERULEAN_ADVISOR_SCANS_PER_MIN:-60}",
            description = "Table scans, filtering partition scans or amplified reads a minute above which they are "
                    + "reported (default ${DEFAULT-VALUE}).")
    double scansPerMinute;

    @Option(names = "--advisor-read-amplification", paramLabel = "RATIO",
            defaultValue = "${env:CERULEAN_ADVISOR_READ_AMPLIFICATION:-10}",
            description = "How many times the entities it returns a query page may read (default ${DEFAULT-VALUE}).")
    double readAmplification;

    @Option(names = "--advisor-transactions-per-s", paramLabel = "N",
            defaultValue = "${env:CERULEAN_ADVISOR_TRANSACTIONS_PER_S:-100}",
            description = "Transactions a second into one partition, taking 90%% of its table's, above which it is a "
                    + "transaction hot spot (default ${DEFAULT-VALUE}).")
    double transactionsPerSecond;

    @Option(names = "--advisor-partition-bytes", paramLabel = "BYTES",
            defaultValue = "${env:CERULEAN_ADVISOR_PARTITION_BYTES:-21474836480}",
            description = "Bytes of entities in a partition, as observed, above which it is oversized (default 20 GiB).")
    long partitionBytes;

    @Option(names = "--advisor-partition-entities", paramLabel = "N",
            defaultValue = "${env:CERULEAN_ADVISOR_PARTITION_ENTITIES}",
            description = "Entities in a partition, as observed, above which it is oversized (default: not judged).")
    Long partitionEntities;

    @Option(names = "--advisor-tables", paramLabel = "N", defaultValue = "${env:CERULEAN_ADVISOR_TABLES:-256}",
            description = "Tables the advisor watches at most; beyond, the least recently used is forgotten "
                    + "(default ${DEFAULT-VALUE}).")
    int tables;

    /** The settings these options say; a value out of range is a usage error. */
    AdvisorSettings settings() {
        if (windowSeconds < 1) {
            throw new ParameterException(spec.commandLine(), "--advisor-window-s must be at least 1, not " + windowSeconds);
        }
        try {
            return new AdvisorSettings(enabled, Duration.ofSeconds(windowSeconds), partitionEntitiesPerSecond,
                    endInsertsPerSecond, scansPerMinute, readAmplification, transactionsPerSecond, partitionBytes,
                    partitionEntities == null ? Long.MAX_VALUE : partitionEntities, tables);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--advisor-...: " + e.getMessage());
        }
    }
}
