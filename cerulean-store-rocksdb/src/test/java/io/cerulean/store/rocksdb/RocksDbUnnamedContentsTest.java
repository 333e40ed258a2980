package io.cerulean.store.rocksdb;

import io.cerulean.blob.service.UnnamedContentsConformanceTest;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.content.ChunkedContentStore;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.TieredContentStore;
import io.cerulean.store.files.FileContentStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Bytes left behind, as a RocksDB server keeps them: inline records in RocksDB and files beside it. */
class RocksDbUnnamedContentsTest extends UnnamedContentsConformanceTest {
    @TempDir
    Path dir;

    @Override
    protected KeyValueStore newStore() {
        return RocksDbKeyValueStore.open(dir.resolve("db"));
    }

    @Override
    protected ContentStore newContents(KeyValueStore store) {
        return new TieredContentStore(new ChunkedContentStore(store), FileContentStore.open(dir.resolve("blobs")),
                64 * 1024);
    }
}
