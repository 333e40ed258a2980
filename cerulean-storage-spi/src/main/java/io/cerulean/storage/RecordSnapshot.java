package io.cerulean.storage;

import java.util.Optional;

/**
 * One state of a {@link Space}, read in pieces, perhaps on two threads at once: how a long scan is
 * split. Every cursor opened here sees the same commits. Each cursor is used by one thread at a
 * time, and all of them are closed before the snapshot is.
 */
public interface RecordSnapshot extends AutoCloseable {

    /** The records of {@code range} in key order. */
    RecordCursor scan(RecordRange range);

    /**
     * A key of this snapshot that splits {@code range} into two parts of about the same stored
     * size, each holding at least one record: the part before it and the part from it on. Empty
     * when the range is too small to be worth splitting or the store cannot tell.
     */
    Optional<RecordKey> middle(RecordRange range);

    @Override
    void close();
}
