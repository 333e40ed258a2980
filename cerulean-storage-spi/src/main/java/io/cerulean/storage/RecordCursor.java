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

    /**
     * Moves forward, from the record the cursor is on, to the first record of its range at or after
     * {@code target} (read as a lower bound: a partition edge excluded is the first record after that
     * partition); false, and exhausted, when there is none. A cursor already at or past
     * {@code target} stays where it is: it never moves back. This default reads its way there; a
     * store that can jump over what lies between (an index) does so, from the same snapshot.
     *
     * @throws IllegalStateException when the cursor is not on a record
     */
    default boolean seek(RecordBound target) {
        RecordRange from = new RecordRange(target, null);
        while (!from.contains(new RecordKey(partition().toArray(), row().toArray()))) {
            if (!advance()) {
                return false;
            }
        }
        return true;
    }

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
