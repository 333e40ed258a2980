package io.cerulean.http.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;

class StoreHealthLogTest {
    private static RuntimeException full(String where) {
        return new IllegalStateException("committing to " + where + " failed",
                new UncheckedIOException(new IOException("No space left on device")));
    }

    @Test
    void aFullDiskIsNewsOnceWhateverItInterruptedThenAgainOnlyWhenTheReasonChanges() {
        StoreHealthLog health = new StoreHealthLog();

        assertThat(health.isNews(full("entities/1"))).isTrue();
        assertThat(health.isNews(full("entities/1"))).isFalse();
        assertThat(health.isNews(full("table-catalog"))).isFalse();
        assertThat(health.isNews(new IllegalStateException("the store is closed"))).isTrue();
    }

    @Test
    void aRecoveryIsNewsOnceAndOnlyAfterAFailure() {
        StoreHealthLog health = new StoreHealthLog();
        assertThat(health.recovered()).isFalse();

        health.isNews(full("entities/1"));

        assertThat(health.recovered()).isTrue();
        assertThat(health.recovered()).isFalse();
        assertThat(health.isNews(full("entities/1"))).as("a new failure after the recovery").isTrue();
    }
}
