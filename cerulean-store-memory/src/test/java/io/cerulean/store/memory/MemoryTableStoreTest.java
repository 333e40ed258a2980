package io.cerulean.store.memory;

import io.cerulean.core.spi.TableStore;
import io.cerulean.core.spi.TableStoreConformanceTest;

class MemoryTableStoreTest extends TableStoreConformanceTest {
    @Override
    protected TableStore newStore() {
        return new MemoryTableStore();
    }
}
