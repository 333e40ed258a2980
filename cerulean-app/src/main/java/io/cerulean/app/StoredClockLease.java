package io.cerulean.app;

import io.cerulean.core.spi.TableStore;
import io.cerulean.core.time.HybridClock;
import java.nio.ByteBuffer;

/** Keeps the clock's high-water mark in the store's settings, so Timestamps never repeat across restarts. */
final class StoredClockLease implements HybridClock.Lease {
    private static final String NAME = "clock.lease";

    private final TableStore store;

    StoredClockLease(TableStore store) {
        this.store = store;
    }

    @Override
    public long load() {
        return store.setting(NAME).map(b -> ByteBuffer.wrap(b).getLong()).orElse(Long.MIN_VALUE);
    }

    @Override
    public void store(long ticks) {
        store.putSetting(NAME, ByteBuffer.allocate(8).putLong(ticks).array());
    }
}
