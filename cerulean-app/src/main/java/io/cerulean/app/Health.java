package io.cerulean.app;

import io.cerulean.http.health.Readiness;
import io.cerulean.storage.database.Database;
import io.cerulean.storage.database.StoreProbe;

/**
 * A server's readiness and the probe of its database behind it ({@code /$health/ready} on every
 * port). Closed by the server last before its database, so the probe's record goes with it.
 */
record Health(Readiness readiness, StoreProbe probe) implements AutoCloseable {
    static Health of(Database database, String storeName) {
        StoreProbe probe = new StoreProbe(database, storeName);
        return new Health(new Readiness(storeName, probe::roundTrip, Readiness.DEFAULT_BOUND), probe);
    }

    /**
     * Stops probing and deletes the probe's record, waiting for that no longer than a probe may take:
     * a store that hangs keeps the record, not the server. The database stays open.
     */
    @Override
    public void close() {
        readiness.close();
        Thread forget = new Thread(probe::forget, "cerulean-readiness-forget");
        forget.setDaemon(true);
        forget.start();
        try {
            forget.join(Readiness.DEFAULT_BOUND.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
