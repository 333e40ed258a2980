package io.cerulean.store.rocksdb;

import io.cerulean.storage.ByteView;
import io.cerulean.storage.RecordBound;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.StoredValue;
import java.util.Arrays;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.Snapshot;

/**
 * Records of a key range from a RocksDB iterator, which reads one snapshot (its own, or one it is
 * given). Values are copied into a buffer reused from record to record, keys only when asked for:
 * a scan that filters looks at most values and few keys.
 *
 * <p>A seek to one record's key is a point read at the cursor's snapshot: the bloom filters let it
 * skip every table file and memtable that cannot hold the key, where moving the iterator would
 * position every one of them. The cursor is then on that record with its iterator left behind,
 * and moves the iterator only when it steps on from there.
 */
final class RocksDbRecordCursor implements RecordCursor {
    private final RocksDbFiles files;
    private final ColumnFamilyHandle family;
    private final long instance;
    private final byte[] upperExclusive;
    /** The snapshot this cursor took itself (released when it closes); null when it was given one. */
    private final Snapshot own;
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
    private boolean closed;
    /** The key of the record a point read landed on, while the iterator is elsewhere; else null. */
    private byte[] landed;

    /** @param snapshot what the cursor reads; null for the state when it is opened */
    RocksDbRecordCursor(RocksDbFiles files, ColumnFamilyHandle family, long instance, byte[] lower,
                        byte[] upperExclusive, Snapshot snapshot) {
        this.files = files;
        this.family = family;
        this.instance = instance;
        this.upperExclusive = upperExclusive;
        this.own = snapshot == null ? files.db().getSnapshot() : null;
        try {
            this.upperBound = new Slice(upperExclusive);
            this.options = new ReadOptions().setIterateUpperBound(upperBound).setReadaheadSize(256 * 1024)
                    .setSnapshot(snapshot == null ? own : snapshot);
            this.iterator = files.db().newIterator(family, options);
        } catch (RuntimeException | Error e) {
            releaseOwnSnapshot();
            throw e;
        }
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
        if (landed != null) {
            iterator.seek(Arrays.copyOf(landed, landed.length + 1)); // the first key after it
            landed = null;
        } else if (started) {
            iterator.next();
        }
        started = true;
        return land();
    }

    /** Reads the record the iterator is on, or finds out why it is on none. */
    private boolean land() {
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

    /** Jumps through the table files' indexes rather than reading the records between. */
    @Override
    public boolean seek(RecordBound target) {
        checkOnRecord();
        byte[] to = RecordLayout.lowerKey(instance, target);
        int length = landed != null ? landed.length : key.read(keySource);
        byte[] at = landed != null ? landed : key.bytes();
        if (Arrays.compareUnsigned(at, 0, length, to, 0, to.length) >= 0) {
            return true;
        }
        keyRead = false;
        if (!target.isPartitionEdge() && target.inclusive() && Arrays.compareUnsigned(to, upperExclusive) < 0
                && readAt(to)) {
            landed = to;
            return true;
        }
        landed = null;
        iterator.seek(to);
        return land();
    }

    /** Reads the record at {@code key} of the snapshot into the value buffer; false when there is none. */
    private boolean readAt(byte[] key) {
        int length = getInto(key, value.bytes());
        if (length > value.bytes().length) {
            length = getInto(key, value.ensure(length));
        }
        if (length == RocksDB.NOT_FOUND) {
            return false;
        }
        byte[] bytes = value.bytes();
        version = RecordLayout.version(bytes);
        payload.set(bytes, StoredValue.HEADROOM, length - StoredValue.HEADROOM);
        onRecord = true;
        return true;
    }

    private int getInto(byte[] key, byte[] target) {
        try {
            return files.db().get(family, options, key, 0, key.length, target, 0, target.length);
        } catch (RocksDBException e) {
            throw new StoreException("reading", e);
        }
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
            int length = landed != null ? landed.length : key.read(keySource);
            byte[] bytes = landed != null ? landed : key.bytes();
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
        if (closed) {
            return;
        }
        closed = true;
        iterator.close();
        options.close();
        upperBound.close();
        releaseOwnSnapshot();
    }

    private void releaseOwnSnapshot() {
        if (own != null) {
            files.db().releaseSnapshot(own);
            own.close();
        }
    }
}
