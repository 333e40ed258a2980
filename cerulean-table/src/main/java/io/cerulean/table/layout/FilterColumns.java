package io.cerulean.table.layout;

import io.cerulean.storage.ByteView;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.table.model.PropertyValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The {@link FilterColumn}s of a store this process alone uses: for partitions that filtered scans
 * read again and again, the one property their filter tests, held in memory, so that a scan tests
 * it there and reads from the store only the entities that pass. Azurite holds every entity in
 * memory; this holds one property of the partitions that are scanned, within a budget, and the
 * entities stay on disk.
 *
 * <p>A column is requested by a scan of one partition whose filter reads one property; a thread of
 * its own reads the partition and keeps the column if no commit reached the partition meanwhile
 * ({@link CommitStripes}). A column is used only while its stripe has seen no commit since: every
 * commit goes through {@link #begin}/{@link #end}, so a column that is used is the partition as
 * any cursor opened before that moment sees it. Columns are dropped the least recently used first
 * once they hold more than the budget, and a stale one when it is next looked up.
 */
final class FilterColumns implements AutoCloseable {
    /** Partitions smaller than this are read faster than a column is looked up for them, and get none. */
    static final int MIN_ENTITIES = 256;
    /** After a build a commit overtook, or one that found nothing worth keeping, the pause before the next. */
    static final Duration REST = Duration.ofSeconds(5);
    /** Bounds the requests remembered (queued or resting), which made-up partition keys could grow. */
    private static final int MAX_REMEMBERED = 10_000;

    private final KeyValueStore store;
    private final CommitStripes stripes = new CommitStripes();
    private final long budget;
    private final long restNanos;
    private final LongAdder used = new LongAdder();
    /** Least recently used first; guarded by {@code this}. */
    private final LinkedHashMap<Key, Held> columns = new LinkedHashMap<>(64, 0.75f, true);
    /** Counts installations: a cursor may use only a column installed before it was opened. */
    private final AtomicLong installs = new AtomicLong();
    private long held;
    /** How many columns each table has, read without the lock: a scan of a table with none looks no further. */
    private final Map<Long, Integer> perTable = new ConcurrentHashMap<>();
    private final Map<Key, Boolean> queued = new ConcurrentHashMap<>();
    private final Map<Key, Long> restingUntil = new ConcurrentHashMap<>();
    private final ThreadPoolExecutor builder;
    private volatile boolean closed;

    record Key(long table, String partitionKey, String property) {
    }

    /** A column and when it was installed, in {@link #installs}. */
    private record Held(FilterColumn column, long installed) {
    }

    /**
     * @param budget most bytes of heap the columns hold together
     * @param rest   the pause after a build that was overtaken or found nothing to keep
     */
    FilterColumns(KeyValueStore store, long budget, Duration rest) {
        this.store = store;
        this.budget = budget;
        this.restNanos = rest.toNanos();
        this.builder = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(64), r -> {
            Thread thread = new Thread(r, "cerulean-filter-columns");
            thread.setDaemon(true);
            thread.setPriority(Thread.MIN_PRIORITY);
            return thread;
        });
    }

    /** Before a commit to a partition: returns what {@link #end} is given after it. */
    int begin(long table, byte[] partition) {
        int stripe = CommitStripes.stripe(table, partition);
        stripes.begin(stripe);
        return stripe;
    }

    /** After the commit {@link #begin} was called for, whether it applied, failed or threw. */
    void end(int stripe) {
        stripes.end(stripe);
    }

    /**
     * What a cursor reads before it opens its store cursor, and gives {@link #find} afterwards: a
     * column installed later may have been read after the cursor's snapshot, and differ from it.
     */
    long epoch() {
        return installs.get();
    }

    /** Whether any partition of {@code table} has a column now. */
    boolean any(long table) {
        return perTable.containsKey(table);
    }

    /**
     * The column of {@code property} in the partition for a cursor opened at {@code epoch}, if there
     * is one, installed before then, and no commit has reached the partition since it was read: then
     * the column was read before the cursor's snapshot was taken, nothing changed the partition in
     * between, and so it is the partition as the cursor sees it. Null otherwise.
     */
    FilterColumn find(long table, String partitionKey, String property, long epoch) {
        Key key = new Key(table, partitionKey, property);
        Held held;
        synchronized (this) {
            held = columns.get(key);
        }
        if (held == null || held.installed() > epoch) {
            return null;
        }
        FilterColumn column = held.column();
        long now = stripes.quiet(column.stripe);
        if (now == column.generation) {
            used.increment();
            return column;
        }
        if (now >= 0) { // overtaken by a commit: never valid again
            synchronized (this) {
                if (columns.get(key) == held) {
                    remove(key);
                }
            }
        }
        return null;
    }

    /**
     * Asks for the column of {@code property} in one partition of the table in {@code space}, to be
     * read in the background; nothing when it is being read already, or was lately overtaken.
     */
    void request(long table, Space space, String partitionKey, byte[] partition, String property) {
        if (closed) {
            return;
        }
        Key key = new Key(table, partitionKey, property);
        Long until = restingUntil.get(key);
        if (until != null) {
            if (System.nanoTime() - until < 0) {
                return;
            }
            restingUntil.remove(key, until);
        }
        if (queued.size() >= MAX_REMEMBERED || restingUntil.size() >= MAX_REMEMBERED) {
            restingUntil.clear();
            return;
        }
        if (queued.putIfAbsent(key, Boolean.TRUE) != null) {
            return;
        }
        try {
            builder.execute(() -> build(key, space, partition));
        } catch (RejectedExecutionException e) {
            queued.remove(key);
        }
    }

    private void build(Key key, Space space, byte[] partition) {
        try {
            if (closed) {
                return;
            }
            int stripe = CommitStripes.stripe(key.table(), partition);
            long generation = stripes.quiet(stripe);
            FilterColumn column = generation < 0 ? null : read(key, space, partition, stripe, generation);
            if (column == null || closed || stripes.quiet(stripe) != generation) {
                rest(key);
                return;
            }
            install(key, column);
        } catch (RuntimeException e) {
            rest(key); // the store is closing or cannot answer: scans read the records meanwhile
        } finally {
            queued.remove(key);
        }
    }

    private void rest(Key key) {
        restingUntil.put(key, System.nanoTime() + restNanos);
    }

    /** How many times a scan has been given a column. */
    long used() {
        return used.sum();
    }

    /** The partition's column, read from one cursor; null when it is too small or too large to keep. */
    private FilterColumn read(Key key, Space space, byte[] partition, int stripe, long generation) {
        byte[] name = Cesu8.encode(key.property());
        long most = budget / 4;
        byte[] rows = new byte[4096];
        int rowsLength = 0;
        int[] rowStarts = new int[257];
        long[] versions = new long[256];
        int[] codes = new int[256];
        Map<PropertyValue, Integer> codeOf = new HashMap<>();
        List<PropertyValue> distinct = new ArrayList<>();
        distinct.add(null); // code 0: no value
        long valueBytes = 0;
        int n = 0;
        try (RecordCursor cursor = store.scan(space, RecordRange.partition(partition))) {
            while (cursor.advance()) {
                if (n == versions.length) {
                    versions = Arrays.copyOf(versions, n * 2);
                    codes = Arrays.copyOf(codes, n * 2);
                    rowStarts = Arrays.copyOf(rowStarts, n * 2 + 1);
                }
                ByteView row = cursor.row();
                if (rowsLength + row.length() > rows.length) {
                    rows = Arrays.copyOf(rows, Math.max(rows.length * 2, rowsLength + row.length()));
                }
                System.arraycopy(row.array(), row.offset(), rows, rowsLength, row.length());
                rowStarts[n] = rowsLength;
                rowsLength += row.length();
                versions[n] = cursor.version();
                ByteView payload = cursor.payload();
                PropertyValue value = EntityCodec.find(payload.array(), payload.offset(), name);
                int code = 0;
                if (value != null) {
                    Integer known = codeOf.get(value);
                    if (known != null) {
                        code = known;
                    } else {
                        code = distinct.size();
                        codeOf.put(value, code);
                        distinct.add(value);
                        valueBytes += heapBytes(value);
                    }
                }
                codes[n++] = code;
                if (rowsLength + 24L * n + valueBytes > most || (n % 4096 == 0 && closed)) {
                    return null;
                }
            }
        }
        if (n < MIN_ENTITIES) {
            return null;
        }
        rowStarts[n] = rowsLength;
        return new FilterColumn(key.partitionKey(), partition, key.property(), stripe, generation,
                Arrays.copyOf(rows, rowsLength), Arrays.copyOf(rowStarts, n + 1), Arrays.copyOf(versions, n),
                Arrays.copyOf(codes, n), distinct.toArray(new PropertyValue[0]), valueBytes);
    }

    /** About what one value holds on the heap: the value, its box, and a string's or array's contents. */
    private static long heapBytes(PropertyValue value) {
        Object v = value.value();
        if (v instanceof String s) {
            return 64 + s.length() * 2L;
        }
        if (v instanceof byte[] b) {
            return 48 + b.length;
        }
        return 48;
    }

    private synchronized void install(Key key, FilterColumn column) {
        if (closed) {
            return;
        }
        remove(key);
        columns.put(key, new Held(column, installs.incrementAndGet()));
        held += column.bytes();
        perTable.merge(key.table(), 1, Integer::sum);
        Iterator<Map.Entry<Key, Held>> eldest = columns.entrySet().iterator();
        while (held > budget && eldest.hasNext()) {
            Map.Entry<Key, Held> entry = eldest.next();
            eldest.remove();
            forget(entry.getKey(), entry.getValue().column());
        }
    }

    /** Guarded by {@code this}. */
    private void remove(Key key) {
        Held removed = columns.remove(key);
        if (removed != null) {
            forget(key, removed.column());
        }
    }

    private void forget(Key key, FilterColumn column) {
        held -= column.bytes();
        perTable.computeIfPresent(key.table(), (table, count) -> count == 1 ? null : count - 1);
    }

    /** Drops the columns of a table deleted. */
    synchronized void dropTable(long table) {
        Iterator<Map.Entry<Key, Held>> all = columns.entrySet().iterator();
        while (all.hasNext()) {
            Map.Entry<Key, Held> entry = all.next();
            if (entry.getKey().table() == table) {
                all.remove();
                forget(entry.getKey(), entry.getValue().column());
            }
        }
    }

    /** Stops the builder, waiting briefly for a build under way: the store closes next. */
    @Override
    public void close() {
        closed = true;
        builder.shutdownNow();
        try {
            builder.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            columns.clear();
            perTable.clear();
            held = 0;
        }
    }
}
