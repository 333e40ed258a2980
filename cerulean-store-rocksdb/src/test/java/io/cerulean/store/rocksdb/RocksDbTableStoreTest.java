package io.cerulean.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.core.model.Entity;
import io.cerulean.core.spi.KeyRange;
import io.cerulean.core.spi.StoredTable;
import io.cerulean.core.spi.TableStore;
import io.cerulean.core.spi.TableStoreConformanceTest;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RocksDbTableStoreTest extends TableStoreConformanceTest {
    @TempDir
    Path dir;

    @Override
    protected TableStore newStore() {
        return RocksDbTableStore.open(dir.resolve("db"));
    }

    @Test
    void dataSurvivesReopening() {
        StoredTable table = store.createTable(ACCOUNT, "kept").orElseThrow();
        Entity written = entity("p", "r");
        put(table, written);
        store.putSetting("s", new byte[] {7});
        store.close();
        store = RocksDbTableStore.open(dir.resolve("db"));
        assertThat(store.table(ACCOUNT, "kept")).contains(table);
        assertThat(store.get(table, "p", "r")).contains(written);
        assertThat(scanAll(table, KeyRange.all())).containsExactly(written);
        assertThat(store.setting("s")).isPresent();
        StoredTable next = store.createTable(ACCOUNT, "another").orElseThrow();
        assertThat(next.id()).isGreaterThan(table.id());
    }

    @Test
    void aSecondOpenOfTheSameDirectoryIsRefusedWithAClearMessage() {
        assertThatThrownBy(() -> RocksDbTableStore.open(dir.resolve("db")))
                .isInstanceOf(StoreOpenException.class)
                .hasMessageContaining("in use by another process");
    }

    @Test
    void aFileWhereTheDirectoryShouldBeIsRefused() throws Exception {
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertThatThrownBy(() -> RocksDbTableStore.open(file)).isInstanceOf(StoreOpenException.class)
                .hasMessageContaining(file.toString());
    }
}
