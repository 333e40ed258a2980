package io.cerulean.table.layout;

import io.cerulean.storage.RecordSnapshot;
import io.cerulean.table.model.EntityKey;
import java.util.Optional;
import java.util.function.Function;

/** A table's entities in one state of its store, for a scan split over threads. */
final class RecordScanSnapshot implements ScanSnapshot {
    private final RecordSnapshot snapshot;
    /** How a cursor of a range reads filter columns; null when the scans read records only. */
    private final Function<KeyRange, RecordEntityCursor.ColumnScan> columns;

    RecordScanSnapshot(RecordSnapshot snapshot) {
        this(snapshot, null);
    }

    RecordScanSnapshot(RecordSnapshot snapshot, Function<KeyRange, RecordEntityCursor.ColumnScan> columns) {
        this.snapshot = snapshot;
        this.columns = columns;
    }

    @Override
    public EntityCursor scan(KeyRange range) {
        return new RecordEntityCursor(snapshot.scan(EntityKeys.range(range)),
                columns == null ? null : columns.apply(range));
    }

    @Override
    public Optional<EntityKey> middle(KeyRange range) {
        return snapshot.middle(EntityKeys.range(range)).map(key -> new EntityKey(
                Cesu8.decode(key.partition(), 0, key.partition().length), Cesu8.decode(key.row(), 0, key.row().length)));
    }

    @Override
    public void close() {
        snapshot.close();
    }
}
