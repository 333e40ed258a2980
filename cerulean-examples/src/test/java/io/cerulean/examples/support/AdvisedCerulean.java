package io.cerulean.examples.support;

import io.cerulean.app.Cerulean;
import io.cerulean.table.advisor.AdvisorSettings;
import java.time.Duration;

/**
 * An in-process Cerulean whose design advisor has thresholds small examples can cross: rates
 * averaged over a minute, so a test's burst counts whole; a hot partition takes 20 entities a second
 * (1,200 within the minute, where Azure's target is 2,000 a second), an end of a key space 5 new keys
 * a second (300), 10 scans a minute, 2 transactions a second into one partition, 5,000 entities in a
 * partition.
 */
public final class AdvisedCerulean {
    public static final AdvisorSettings LOW = AdvisorSettings.DEFAULTS.withWindow(Duration.ofSeconds(60))
            .withPartitionEntitiesPerSecond(20).withEndInsertsPerSecond(5).withScansPerMinute(10)
            .withTransactionsPerSecond(2).withPartitionEntities(5_000);

    private AdvisedCerulean() {
    }

    public static Cerulean start() {
        return Cerulean.builder().inMemory().port(0).advisor(LOW).start();
    }
}
