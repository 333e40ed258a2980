package io.cerulean.http.health;

import java.time.Instant;
import java.util.Objects;

/**
 * What the last readiness check found.
 *
 * @param ready   whether the server takes requests that reach the store
 * @param store   what was probed, as an operator calls it ({@code RocksDB}, {@code Cassandra})
 * @param reason  why not, for an operator to act on; null when ready
 * @param checked when the check was made (a report is reused for about a second)
 */
public record ReadinessReport(boolean ready, String store, String reason, Instant checked) {
    public ReadinessReport {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(checked, "checked");
        if (ready != (reason == null)) {
            throw new IllegalArgumentException("a report gives a reason exactly when it is not ready");
        }
    }

    static ReadinessReport ready(String store, Instant checked) {
        return new ReadinessReport(true, store, null, checked);
    }

    static ReadinessReport notReady(String store, String reason, Instant checked) {
        return new ReadinessReport(false, store, Objects.requireNonNull(reason, "reason"), checked);
    }
}
