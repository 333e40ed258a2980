package io.cerulean.table.layout;

import io.cerulean.storage.ByteView;
import io.cerulean.storage.RecordBound;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityView;
import io.cerulean.table.model.PropertySource;
import io.cerulean.table.model.PropertyValue;
import java.util.Arrays;
import java.util.function.Predicate;

/**
 * Entities read from a store's records, each looked at in its encoded form ({@link EncodedEntity})
 * and built whole only when asked for.
 *
 * <p>A filtered scan whose filter reads one property ({@link ColumnScan}) tests that property in
 * the partition's {@link FilterColumn} where there is one, and jumps ({@link RecordCursor#seek})
 * to each entity that passes and then past the partition, rather than reading every record. The
 * column is used only when a quarter of the partition's part of the range passes at most: beyond
 * that, reading the records in order is cheaper than jumping to each.
 */
final class RecordEntityCursor implements EntityCursor {
    private final RecordCursor records;
    private final EncodedEntity current = new EncodedEntity();
    private final ColumnScan columns;
    private long read;
    /** Of {@link #read}, those read from records rather than passed over in a column. */
    private long recordsRead;
    /** The records cursor is on a record not handed out yet: where a seek left it. */
    private boolean pending;
    /** The partition last looked up in the columns (when partitions are watched); null for none yet. */
    private byte[] partition;
    /** Whether the scan still looks for columns: always across partitions, once within one. */
    private boolean looking;
    private FilterColumn column;
    /** The column's entries in the range that pass, ascending, and how many of them were handed out. */
    private int[] passing;
    private int passed;
    /** The column's next entry not yet read, and the end of the range in it. */
    private int index;
    private int end;
    private final ColumnEntity entry = new ColumnEntity();
    /** Entries of a column tested to decide whether to test them all. */
    private static final int SAMPLE = 64;
    /**
     * Most distinct values tested one by one in place of a column's entries: they are tested before
     * the sample, which gives up on most scans that pass most entries, so their number is bounded
     * by a few samples' worth.
     */
    private static final int MAX_VERDICTS = 4 * SAMPLE;

    /**
     * What a scan needs to read filter columns: where, the columns' {@link FilterColumns#epoch} read
     * before its store cursor was opened, the range it reads, the property, and whether the range
     * lies within one partition (then it asks for the partition's column when there is none).
     */
    record ColumnScan(FilterColumns columns, long epoch, long table, Space space, RecordRange range, String property,
                      boolean onePartition) {
    }

    RecordEntityCursor(RecordCursor records) {
        this(records, null);
    }

    /** @param columns null when the scan reads records only */
    RecordEntityCursor(RecordCursor records, ColumnScan columns) {
        this.records = records;
        this.columns = columns;
        this.looking = columns != null && (columns.onePartition() || columns.columns().any(columns.table()));
    }

    @Override
    public boolean advance() {
        if (column != null) {
            leaveColumn();
        }
        if (!step()) {
            current.clear();
            return false;
        }
        partition = null;
        current.reset(records);
        read++;
        recordsRead++;
        return true;
    }

    /** The next record: the one a seek landed on, or the one after. */
    private boolean step() {
        if (pending) {
            pending = false;
            return true;
        }
        return records.advance();
    }

    @Override
    public long entitiesRead() {
        return read;
    }

    @Override
    public long recordsRead() {
        return recordsRead;
    }

    /** The scan loop, this class's own copy (see {@link EntityCursor#advanceTo}). */
    @Override
    public boolean advanceTo(Predicate<? super PropertySource> selects, long max) {
        long n = 0;
        while (n < max) {
            if (column != null) {
                if (passed < passing.length) {
                    int i = passing[passed];
                    long reach = i + 1 - index;
                    if (n + reach > max) {
                        consume(max - n);
                        return false;
                    }
                    consume(reach);
                    passed++;
                    byte[] row = column.row(i);
                    if (!records.seek(RecordBound.inclusive(column.partition, row)) || !same(records.row(), row)) {
                        throw new IllegalStateException("a filter column disagrees with the records it was read from");
                    }
                    pending = false;
                    current.reset(records);
                    recordsRead++;
                    return true;
                }
                long rest = end - index;
                if (n + rest > max) {
                    consume(max - n);
                    return false;
                }
                consume(rest);
                n += rest;
                if (!leaveColumn()) {
                    current.clear();
                    return false;
                }
                continue;
            }
            if (!step()) {
                current.clear();
                return false;
            }
            if (looking && enteredPartition() && useColumn(selects)) {
                continue;
            }
            current.reset(records);
            read++;
            recordsRead++;
            n++;
            if (selects.test(current)) {
                return true;
            }
        }
        return false;
    }

    /** Counts {@code entries} of the column as read: tested there, and passed over unless they passed. */
    private void consume(long entries) {
        index += (int) entries;
        read += entries;
    }

    /**
     * Goes back to reading records, at the column's next entry not yet read: past the partition once
     * the column is done. False when nothing of the range is left.
     */
    private boolean leaveColumn() {
        FilterColumn done = column;
        column = null;
        passing = null;
        boolean on = index < end ? records.seek(RecordBound.inclusive(done.partition, done.row(index)))
                : records.seek(RecordBound.partitionExcluded(done.partition));
        pending = on;
        partition = index < end ? done.partition : null;
        return on;
    }

    /**
     * Whether the record the cursor is on starts a partition not yet looked up; if so, that
     * partition is {@link #partition} now.
     */
    private boolean enteredPartition() {
        ByteView p = records.partition();
        if (columns.onePartition()) {
            looking = false;
            partition = p.toArray();
            return true;
        }
        if (partition != null && same(p, partition)) {
            return false;
        }
        partition = p.toArray();
        return true;
    }

    /**
     * Switches to the column of the partition the records cursor is on, from its record on, if there
     * is one and few enough of its entries pass; the record is then not handed out yet. Asks for the
     * column when a scan of one partition finds none.
     */
    private boolean useColumn(Predicate<? super PropertySource> selects) {
        byte[] p = partition;
        String partitionKey = Cesu8.decode(p, 0, p.length);
        FilterColumn column = columns.columns().find(columns.table(), partitionKey, columns.property(),
                columns.epoch());
        if (column == null) {
            if (columns.onePartition()) {
                columns.columns().request(columns.table(), columns.space(), partitionKey, p, columns.property());
            }
            return false;
        }
        byte[] row = records.row().toArray();
        int from = column.search(row, true);
        if (from == column.size() || !Arrays.equals(column.row(from), row)) {
            return false; // cannot be, for a column still valid: read the records
        }
        int to = column.size();
        RecordBound upper = columns.range().upper();
        if (upper != null && !upper.isPartitionEdge() && Arrays.equals(upper.partition(), p)) {
            to = column.search(upper.row(), !upper.inclusive());
        }
        int[] found = passingEntries(selects, column, from, to);
        if (found == null) {
            return false;
        }
        this.column = column;
        passing = found;
        passed = 0;
        index = from;
        end = to;
        pending = true;
        return true;
    }

    /**
     * The entries from {@code from} to {@code to} that {@code selects} passes; null when more than a
     * quarter do, or the filter asks for a property the column does not hold. A sample of about 64
     * entries decides first, so a scan that most entries pass gives up after testing those.
     */
    private int[] passingEntries(Predicate<? super PropertySource> selects, FilterColumn column, int from, int to) {
        int entries = to - from;
        int step = Math.max(1, entries / SAMPLE);
        int sampled = (entries + step - 1) / step;
        try {
            boolean[] verdicts = verdicts(selects, column, entries);
            if (test(selects, verdicts, column, from, to, step, new int[sampled / 4 + 1]) * 4L > sampled) {
                return null;
            }
            int[] found = new int[entries / 4 + 1];
            int count = test(selects, verdicts, column, from, to, 1, found);
            return count * 4L > entries ? null : Arrays.copyOf(found, count);
        } catch (NotInColumn e) {
            return null;
        }
    }

    /**
     * Whether {@code selects} passes each of the column's distinct values, by code, when the filter
     * reads nothing of an entity but the property and its PartitionKey and the column has few
     * distinct values (at most {@value #MAX_VERDICTS}, and no more than there are entries to test):
     * then each value is tested once rather than once an entity. Null otherwise, and the entries
     * are tested one by one.
     */
    private boolean[] verdicts(Predicate<? super PropertySource> selects, FilterColumn column, int entries) {
        if (column.distinctValues() > Math.min(entries, MAX_VERDICTS)) {
            return null;
        }
        boolean[] verdicts = new boolean[column.distinctValues()];
        try {
            for (int code = 0; code < verdicts.length; code++) {
                verdicts[code] = selects.test(entry.valueOf(column, code));
            }
            return verdicts;
        } catch (NotOneValue e) {
            return null;
        }
    }

    /**
     * Tests every {@code step}-th entry from {@code from} to {@code to}, by its value's verdict where
     * there are {@code verdicts}, keeps the indexes of those that pass in {@code passing} while it has
     * room, and returns how many passed. The sample and the full test run this same loop, which
     * takes the same branches either way: the scans that only sample (most entries pass) compile it
     * for the first scan that reads a column through (see "Table scans and the JIT" in
     * docs/performance.md).
     */
    private int test(Predicate<? super PropertySource> selects, boolean[] verdicts, FilterColumn column, int from,
                     int to, int step, int[] passing) {
        int count = 0;
        for (int i = from; i < to; i += step) {
            if (verdicts != null ? verdicts[column.code(i)] : selects.test(entry.at(column, i))) {
                if (count < passing.length) {
                    passing[count] = i;
                }
                count++;
            }
        }
        return count;
    }

    private static boolean same(ByteView view, byte[] bytes) {
        return Arrays.equals(view.array(), view.offset(), view.offset() + view.length(), bytes, 0, bytes.length);
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

    /** A property the filter asked of a column entry that only the whole entity has. */
    private static final class NotInColumn extends RuntimeException {
        private static final NotInColumn INSTANCE = new NotInColumn();

        private NotInColumn() {
            super(null, null, false, false);
        }
    }

    /** A RowKey or Timestamp the filter asked of one of a column's values, which many entries share. */
    private static final class NotOneValue extends RuntimeException {
        private static final NotOneValue INSTANCE = new NotOneValue();

        private NotOneValue() {
            super(null, null, false, false);
        }
    }

    /**
     * As a filter sees an entity: one entry of a column (its keys, its Timestamp and the one
     * property), or one of the column's values, which has a PartitionKey and the property only.
     */
    private static final class ColumnEntity implements PropertySource {
        private FilterColumn column;
        private int i;
        /** The code of the value being tested, or -1 while an entry is. */
        private int code = -1;
        private PropertyValue partitionKey;

        ColumnEntity at(FilterColumn column, int i) {
            use(column);
            this.i = i;
            this.code = -1;
            return this;
        }

        ColumnEntity valueOf(FilterColumn column, int code) {
            use(column);
            this.code = code;
            return this;
        }

        private void use(FilterColumn column) {
            if (column != this.column) {
                this.column = column;
                this.partitionKey = PropertyValue.ofString(column.partitionKey);
            }
        }

        @Override
        public PropertyValue property(String name) {
            switch (name) {
                case Entity.PARTITION_KEY:
                    return partitionKey;
                case Entity.ROW_KEY:
                    if (code >= 0) {
                        throw NotOneValue.INSTANCE;
                    }
                    return PropertyValue.ofString(column.rowKey(i));
                case Entity.TIMESTAMP:
                    if (code >= 0) {
                        throw NotOneValue.INSTANCE;
                    }
                    return PropertyValue.ofDateTime(DateTimes.fromEpochTicks(column.version(i)));
                default:
                    if (name.equals(column.property)) {
                        return code >= 0 ? column.distinctValue(code) : column.value(i);
                    }
                    throw NotInColumn.INSTANCE;
            }
        }
    }
}
