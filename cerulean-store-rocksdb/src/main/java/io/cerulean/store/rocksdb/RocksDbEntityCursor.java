package io.cerulean.store.rocksdb;

import io.cerulean.core.model.Entity;
import io.cerulean.core.model.EntityView;
import io.cerulean.core.model.PropertySource;
import io.cerulean.core.spi.EntityCursor;
import io.cerulean.core.spi.KeyRange;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.Snapshot;

/**
 * Entities of a key range from a RocksDB iterator, which reads one snapshot (its own, or one it
 * is given). Values are copied into a buffer reused from entity to entity, keys only when asked
 * for, and property lookups ({@link #current()}) read those bytes without decoding the whole
 * entity.
 */
final class RocksDbEntityCursor implements EntityCursor {
    private final Slice upperBound;
    private final ReadOptions options;
    private final RocksIterator iterator;
    private final ReusableBuffer.Source keySource;
    private final ReusableBuffer.Source valueSource;
    private final EncodedEntity current = new EncodedEntity();
    private final ReusableBuffer value = new ReusableBuffer(16 * 1024);
    private boolean started;

    /** @param snapshot what the cursor reads; null for the state when it is opened */
    RocksDbEntityCursor(RocksDbFiles files, long tableId, KeyRange range, Snapshot snapshot) {
        this.upperBound = new Slice(KeyCodec.upperKeyExclusive(tableId, range.upper()));
        this.options = new ReadOptions().setIterateUpperBound(upperBound).setReadaheadSize(256 * 1024);
        if (snapshot != null) {
            options.setSnapshot(snapshot);
        }
        this.iterator = files.db().newIterator(files.entities(), options);
        this.keySource = iterator::key;
        this.valueSource = iterator::value;
        iterator.seek(KeyCodec.lowerKey(tableId, range.lower()));
    }

    @Override
    public boolean advance() {
        if (started) {
            iterator.next();
        }
        started = true;
        if (!iterator.isValid()) {
            current.clear();
            try {
                iterator.status(); // an invalid iterator is either at the end or failed: tell which
            } catch (RocksDBException e) {
                throw new StoreException("scanning", e);
            }
            return false;
        }
        value.read(valueSource);
        current.reset(keySource, value.bytes());
        return true;
    }

    @Override
    public PropertySource current() {
        return current;
    }

    @Override
    public Entity entity() {
        return current.decode();
    }

    @Override
    public EntityView view() {
        return current;
    }

    @Override
    public void close() {
        current.clear();
        iterator.close();
        options.close();
        upperBound.close();
    }
}
