package io.cerulean.storage;

/**
 * The records of a {@link RecordRange} in (partition, row) order, read from one consistent
 * snapshot: a reader never sees part of a commit. What it returns is lent, valid until the next
 * {@link #advance()} or {@link #close()}. Not thread-safe; must be closed.
 */
public interface RecordCursor extends AutoCloseable {
    /** Moves to the next record; false when the range is exhausted. */
    boolean advance();

    /** The current record's partition. */
    ByteView partition();

    /** The current record's row. */
    ByteView row();

    /** The current record's version. */
    long version();

    /** The current record's payload (its value after the store's headroom). */
    ByteView payload();

    /** The current record's value, copied: the caller's to keep. */
    default StoredValue value() {
        ByteView payload = payload();
        byte[] bytes = StoredValue.allocate(payload.length());
        System.arraycopy(payload.array(), payload.offset(), bytes, StoredValue.HEADROOM, payload.length());
        return new StoredValue(version(), bytes);
    }

    /** The current record's key, copied. */
    default RecordKey key() {
        return new RecordKey(partition().toArray(), row().toArray());
    }

    @Override
    void close();
}
