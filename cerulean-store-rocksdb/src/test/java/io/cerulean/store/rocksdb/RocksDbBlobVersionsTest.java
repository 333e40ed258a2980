package io.cerulean.store.rocksdb;

import io.cerulean.blob.service.BlobVersionsConformanceTest;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.content.ChunkedContentStore;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.TieredContentStore;
import io.cerulean.store.files.FileContentStore;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;

/**
 * Blob versions and soft delete as a RocksDB server keeps them: records in RocksDB, small blob bytes
 * there too, larger ones in files beside it.
 */
class RocksDbBlobVersionsTest extends BlobVersionsConformanceTest {
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

    @Override
    protected Optional<KeyValueStore> reopen(KeyValueStore closed) {
        return Optional.of(RocksDbKeyValueStore.open(dir.resolve("db")));
    }

    @Override
    protected boolean reopens() {
        return true;
    }
}
