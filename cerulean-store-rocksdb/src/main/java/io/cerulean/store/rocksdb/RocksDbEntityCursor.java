package io.cerulean.store.rocksdb;

import io.cerulean.core.model.Entity;
import io.cerulean.core.spi.EntityCursor;
import io.cerulean.core.spi.KeyRange;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/** Entities of a key range from a RocksDB iterator, which reads one implicit snapshot. */
final class RocksDbEntityCursor implements EntityCursor {
    private final Slice upperBound;
    private final ReadOptions options;
    private final RocksIterator iterator;
    private boolean started;

    RocksDbEntityCursor(RocksDbFiles files, long tableId, KeyRange range) {
        this.upperBound = new Slice(KeyCodec.upperKeyExclusive(tableId, range.upper()));
        this.options = new ReadOptions().setIterateUpperBound(upperBound).setReadaheadSize(256 * 1024);
        this.iterator = files.db().newIterator(files.entities(), options);
        iterator.seek(KeyCodec.lowerKey(tableId, range.lower()));
    }

    @Override
    public Entity next() {
        if (started) {
            iterator.next();
        }
        started = true;
        if (!iterator.isValid()) {
            try {
                iterator.status(); // an invalid iterator is either at the end or failed: tell which
            } catch (RocksDBException e) {
                throw new StoreException("scanning", e);
            }
            return null;
        }
        byte[] key = iterator.key();
        int separator = KeyCodec.separatorIndex(key);
        return EntityCodec.decode(KeyCodec.partitionKeyOf(key, separator), KeyCodec.rowKeyOf(key, separator),
                iterator.value());
    }

    @Override
    public void close() {
        iterator.close();
        options.close();
        upperBound.close();
    }
}
