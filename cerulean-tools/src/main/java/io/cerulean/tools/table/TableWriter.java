package io.cerulean.tools.table;

import com.azure.core.exception.HttpResponseException;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionFailedException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Writes entities to a table as entity group transactions: consecutive rows of one partition make a
 * batch of at most {@value #MAX_BATCH_ENTITIES} entities and about 4 MiB of body; a row of another
 * partition, or one whose RowKey the open batch already holds, starts the next batch. Rows may come
 * in any order: a partition seen again later is simply another batch. Up to {@code parallel}
 * batches are in flight at once; {@link #write} blocks while they are.
 *
 * <p>A batch the service refuses for one row (it names the row's index) is sent again without that
 * row, which is reported to {@link Listener#rejected}, so one bad row never holds back the others.
 * A refusal naming no row splits the batch in two until the row is found (and a 413 splits it
 * too). What no row is to blame for (the table missing, credentials refused, the endpoint gone after
 * the SDK's retries, a 5xx) stops the writer: the batch stays unacknowledged, batches in flight
 * finish, and {@link #write} and {@link #flush} throw {@link Failed}.
 *
 * <p>The listener is called from the sending threads, concurrently: once per rejected row, and
 * once per batch when all its rows are settled ({@link Listener#settled}), after the rejections.
 * A {@code Timestamp} or {@code odata.*} property in an entity is not sent: the service sets them.
 *
 * <p>{@link #write} and {@link #flush} are for one thread, the caller's.
 */
public final class TableWriter implements AutoCloseable {
    /** The service's limit on operations in one transaction. */
    public static final int MAX_BATCH_ENTITIES = 100;
    /** Under the service's 4 MiB request body limit, with a margin for the estimate. */
    static final long MAX_BATCH_BYTES = 4_000_000;

    /** What the writer reports; called concurrently from its sending threads. */
    public interface Listener {
        /** {@code row} was refused, for {@code why}; its batch goes on without it. */
        void rejected(Row row, Rejection why);

        /** A batch is settled: its written rows are acknowledged by the service. */
        void settled(Settled batch);
    }

    /** The writer stopped, for {@link #getCause()}: what was not settled was not written. */
    public static final class Failed extends RuntimeException {
        Failed(RuntimeException cause) {
            super(ServiceErrors.describe(cause), cause);
        }

        @Override
        public synchronized RuntimeException getCause() {
            return (RuntimeException) super.getCause();
        }
    }

    private final TableClient table;
    private final WriteMode mode;
    private final Listener listener;
    private final ExecutorService senders;
    private final Semaphore inFlight;
    private final int parallel;
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private final AtomicInteger batchesSent = new AtomicInteger();

    private final List<Row> open = new ArrayList<>();
    private final Set<String> openRowKeys = new HashSet<>();
    private long openBytes;

    public TableWriter(TableClient table, WriteMode mode, int parallel, Listener listener) {
        if (parallel < 1) {
            throw new IllegalArgumentException("parallel must be at least 1: " + parallel);
        }
        this.table = Objects.requireNonNull(table, "table");
        this.mode = Objects.requireNonNull(mode, "mode");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.parallel = parallel;
        this.inFlight = new Semaphore(parallel);
        this.senders = Executors.newFixedThreadPool(parallel, r -> {
            Thread thread = new Thread(r, "table-writer");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Adds the entity to the open batch, sending that batch first if the entity cannot join it. */
    public void write(TableEntity entity, long position) {
        throwIfFailed();
        Row row = new Row(position, sendable(entity));
        long bytes = EntitySize.of(row.entity());
        if (!open.isEmpty() && (!open.get(0).partitionKey().equals(row.partitionKey())
                || openRowKeys.contains(row.rowKey()) || open.size() == MAX_BATCH_ENTITIES
                || openBytes + bytes > MAX_BATCH_BYTES)) {
            sendOpen();
        }
        open.add(row);
        openRowKeys.add(row.rowKey());
        openBytes += bytes;
    }

    /** Sends the open batch and waits until every batch is settled. */
    public void flush() {
        if (!open.isEmpty() && failure.get() == null) {
            sendOpen();
        }
        awaitIdle();
        throwIfFailed();
    }

    /** How many transactions were sent, counting resends. */
    public int batchesSent() {
        return batchesSent.get();
    }

    /** Stops taking rows; batches in flight finish (and are reported) before this returns. */
    @Override
    public void close() {
        awaitIdle();
        senders.shutdownNow();
    }

    private void sendOpen() {
        List<Row> batch = List.copyOf(open);
        open.clear();
        openRowKeys.clear();
        openBytes = 0;
        inFlight.acquireUninterruptibly();
        try {
            senders.execute(() -> {
                try {
                    List<Row> rejected = new ArrayList<>();
                    List<Row> written = send(batch, rejected);
                    if (written != null) {
                        listener.settled(new Settled(written, rejected));
                    }
                } catch (RuntimeException e) {
                    failure.compareAndSet(null, e);
                } finally {
                    inFlight.release();
                }
            });
        } catch (RuntimeException e) {
            inFlight.release();
            throw e;
        }
    }

    /**
     * Sends the rows until each is written or rejected; the written ones, or null when the writer
     * stopped with some unsettled.
     */
    private List<Row> send(List<Row> rows, List<Row> rejected) {
        List<Row> pending = new ArrayList<>(rows);
        while (!pending.isEmpty()) {
            if (failure.get() != null) {
                return null;
            }
            try {
                batchesSent.incrementAndGet();
                table.submitTransaction(pending.stream()
                        .map(row -> new TableTransactionAction(mode.action(), row.entity())).toList());
                return pending;
            } catch (RuntimeException e) {
                HttpResponseException answer = ServiceErrors.answer(e);
                if (answer == null || stopsTheWriter(answer)) {
                    throw e;
                }
                Integer index = answer instanceof TableTransactionFailedException failed
                        ? failed.getFailedTransactionActionIndex() : null;
                if (index != null && index >= 0 && index < pending.size() && ServiceErrors.status(answer) != 413) {
                    reject(pending.remove((int) index), answer, rejected);
                    continue;
                }
                split(answer, pending, rejected);
                return written(rows, rejected);
            }
        }
        return List.of();
    }

    /** A refusal no single row was named for: halves sent one after the other, or the one row rejected. */
    private void split(HttpResponseException e, List<Row> pending, List<Row> rejected) {
        if (pending.size() == 1) {
            reject(pending.get(0), e, rejected);
            return;
        }
        int half = pending.size() / 2;
        for (List<Row> part : List.of(pending.subList(0, half), pending.subList(half, pending.size()))) {
            if (send(new ArrayList<>(part), rejected) == null) {
                throw new IllegalStateException("stopped", failure.get());
            }
        }
    }

    private static List<Row> written(List<Row> rows, List<Row> rejected) {
        Set<Row> refused = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        refused.addAll(rejected);
        return rows.stream().filter(row -> !refused.contains(row)).toList();
    }

    /** Errors no row is to blame for: credentials, a missing table, throttling, the service failing. */
    private static boolean stopsTheWriter(HttpResponseException e) {
        int status = ServiceErrors.status(e);
        String code = ServiceErrors.code(e);
        return status == 401 || status == 403 || status == 408 || status == 429 || status >= 500
                || "TableNotFound".equals(code) || "TableBeingDeleted".equals(code);
    }

    private void reject(Row row, HttpResponseException e, List<Row> rejected) {
        rejected.add(row);
        listener.rejected(row, new Rejection(ServiceErrors.status(e), ServiceErrors.code(e), ServiceErrors.message(e)));
    }

    private void awaitIdle() {
        inFlight.acquireUninterruptibly(parallel);
        inFlight.release(parallel);
    }

    private void throwIfFailed() {
        RuntimeException e = failure.get();
        if (e != null) {
            throw new Failed(e);
        }
    }

    /**
     * The entity without what the service sets itself or the SDK read with it (Timestamp,
     * {@code odata.*}, type annotations), and with the annotation a NaN or infinite Double needs:
     * the SDK writes those as bare strings, which the service would store as Edm.String.
     */
    private static TableEntity sendable(TableEntity entity) {
        Map<String, Object> properties = entity.getProperties();
        boolean clean = properties.entrySet().stream().noneMatch(p -> serviceSet(p.getKey()) || nonFinite(p.getValue()));
        if (clean) {
            return entity;
        }
        TableEntity copy = new TableEntity(entity.getPartitionKey(), entity.getRowKey());
        properties.forEach((name, value) -> {
            if (!serviceSet(name) && !name.equals("PartitionKey") && !name.equals("RowKey")) {
                copy.addProperty(name, value);
                if (nonFinite(value)) {
                    copy.addProperty(name + "@odata.type", "Edm.Double");
                }
            }
        });
        return copy;
    }

    private static boolean nonFinite(Object value) {
        return value instanceof Double d && !Double.isFinite(d);
    }

    private static boolean serviceSet(String name) {
        return name.equals("Timestamp") || name.startsWith("odata.") || name.endsWith("@odata.type");
    }
}
