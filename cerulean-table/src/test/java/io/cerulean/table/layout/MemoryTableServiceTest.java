package io.cerulean.table.layout;

import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.table.service.TableServiceConformanceTest;
import io.cerulean.table.store.TableStore;

class MemoryTableServiceTest extends TableServiceConformanceTest {
    @Override
    protected TableStore newStore() {
        return KeyValueTableStore.open(new MemoryKeyValueStore());
    }
}
