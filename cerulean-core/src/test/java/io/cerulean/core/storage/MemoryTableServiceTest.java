package io.cerulean.core.storage;

import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.core.service.TableServiceConformanceTest;
import io.cerulean.core.spi.TableStore;

class MemoryTableServiceTest extends TableServiceConformanceTest {
    @Override
    protected TableStore newStore() {
        return KeyValueTableStore.open(new MemoryKeyValueStore());
    }
}
