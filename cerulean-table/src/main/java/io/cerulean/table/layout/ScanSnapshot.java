package io.cerulean.table.layout;

import io.cerulean.table.model.EntityKey;
import java.util.Optional;

/**
 * One state of a table, read in pieces, perhaps on two threads at once: how a long scan is split.
 * Every cursor opened here sees the same commits. Each cursor is used by one thread at a time, and
 * all of them are closed before the snapshot is.
 */
public interface ScanSnapshot extends AutoCloseable {

    /** The entities of {@code range} in key order. */
    EntityCursor scan(KeyRange range);

    /**
     * A key of this snapshot that splits {@code range} into two parts of about the same stored
     * size, each holding at least one entity: the part before it and the part from it on. Empty
     * when the range is too small to be worth splitting or the store cannot tell.
     */
    Optional<EntityKey> middle(KeyRange range);

    @Override
    void close();
}
