package io.cerulean.store.rocksdb;

import io.cerulean.storage.ByteView;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.StoredValue;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.Snapshot;

/**
 * Records of a key range from a RocksDB iterator, which reads one snapshot (its own, or one it is
 * given). Values are copied into a buffer reused from record to record, keys only when asked for:
 * a scan that filters looks at most values and few keys.
 */
final class RocksDbRecordCursor implements RecordCursor {
    private final Slice upperBound;
    private final ReadOptions options;
    private final RocksIterator iterator;
    private final ReusableBuffer.Source keySource;
    private final ReusableBuffer.Source valueSource;
    private final ReusableBuffer value = new ReusableBuffer(16 * 1024);
    private final ReusableBuffer key = new ReusableBuffer(1024);
    private final ByteView payload = new ByteView();
    private final ByteView partition = new ByteView();
    private final ByteView row = new ByteView();
    private boolean started;
    private boolean exhausted;
    private boolean onRecord;
    private boolean keyRead;
    private long version;

    /** @param snapshot what the cursor reads; null for the state when it is opened */
    RocksDbRecordCursor(RocksDbFiles files, ColumnFamilyHandle family, byte[] lower, byte[] upperExclusive,
                        Snapshot snapshot) {
        this.upperBound = new Slice(upperExclusive);
        this.options = new ReadOptions().setIterateUpperBound(upperBound).setReadaheadSize(256 * 1024);
        if (snapshot != null) {
            options.setSnapshot(snapshot);
        }
        this.iterator = files.db().newIterator(family, options);
        this.keySource = iterator::key;
        this.valueSource = iterator::value;
        iterator.seek(lower);
    }

    @Override
    public boolean advance() {
        keyRead = false;
        if (exhausted) {
            return false; // an iterator past its end must not be moved again
        }
        if (started) {
            iterator.next();
        }
        started = true;
        if (!iterator.isValid()) {
            onRecord = false;
            exhausted = true;
            try {
                iterator.status(); // an invalid iterator is either at the end or failed: tell which
            } catch (RocksDBException e) {
                throw new StoreException("scanning", e);
            }
            return false;
        }
        int length = value.read(valueSource);
        byte[] bytes = value.bytes();
        version = RecordLayout.version(bytes);
        payload.set(bytes, StoredValue.HEADROOM, length - StoredValue.HEADROOM);
        onRecord = true;
        return true;
    }

    @Override
    public ByteView partition() {
        readKey();
        return partition;
    }

    @Override
    public ByteView row() {
        readKey();
        return row;
    }

    @Override
    public long version() {
        checkOnRecord();
        return version;
    }

    @Override
    public ByteView payload() {
        checkOnRecord();
        return payload;
    }

    private void readKey() {
        checkOnRecord();
        if (!keyRead) {
            int length = key.read(keySource);
            byte[] bytes = key.bytes();
            int separator = RecordLayout.separatorIndex(bytes, length);
            partition.set(bytes, RecordLayout.INSTANCE_BYTES, separator - RecordLayout.INSTANCE_BYTES);
            row.set(bytes, separator + 1, length - separator - 1);
            keyRead = true;
        }
    }

    /** Past its last record a cursor answers nothing: its iterator must not be read. */
    private void checkOnRecord() {
        if (!onRecord) {
            throw new IllegalStateException("the cursor is not on a record");
        }
    }

    @Override
    public void close() {
        onRecord = false;
        iterator.close();
        options.close();
        upperBound.close();
    }
}
