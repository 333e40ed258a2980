package io.cerulean.table.layout;

import io.cerulean.storage.RecordCursor;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityView;
import io.cerulean.table.model.PropertySource;
import io.cerulean.table.store.EntityCursor;
import java.util.function.Predicate;

/**
 * Entities read from a store's records, each looked at in its encoded form ({@link EncodedEntity})
 * and built whole only when asked for.
 */
final class RecordEntityCursor implements EntityCursor {
    private final RecordCursor records;
    private final EncodedEntity current = new EncodedEntity();
    private long read;

    RecordEntityCursor(RecordCursor records) {
        this.records = records;
    }

    @Override
    public boolean advance() {
        if (!records.advance()) {
            current.clear();
            return false;
        }
        current.reset(records);
        read++;
        return true;
    }

    @Override
    public long entitiesRead() {
        return read;
    }

    /** The scan loop, this class's own copy (see {@link EntityCursor#advanceTo}). */
    @Override
    public boolean advanceTo(Predicate<? super PropertySource> selects, long max) {
        for (long n = 0; n < max; n++) {
            if (!advance()) {
                return false;
            }
            if (selects.test(current)) {
                return true;
            }
        }
        return false;
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
        records.close();
    }
}
