package io.cerulean.store.memory;

import io.cerulean.core.service.TableServiceConformanceTest;
import io.cerulean.core.spi.TableStore;

class MemoryTableServiceTest extends TableServiceConformanceTest {
    @Override
    protected TableStore newStore() {
        return new MemoryTableStore();
    }
}
