package io.cerulean.tools.copy.table;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.cerulean.tools.copy.CopyRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;

/**
 * Entities, in the order a query returns them (by partition, then row), grouped into entity group
 * transactions: one partition each, at most {@link #MOST_ENTITIES} entities and about
 * {@link #MOST_BYTES} of payload (the service takes 100 and 4 MiB). Up to {@link CopyRun#parallel}
 * transactions are in flight; a failed one is reported with its partition and rows, the rest go on.
 * Closing sends what is left and waits for all.
 */
final class EntityBatches implements AutoCloseable {
    static final int MOST_ENTITIES = 100;
    static final long MOST_BYTES = 3L * 1024 * 1024;

    private final String what;
    private final TableClient to;
    private final TableTransactionActionType action;
    private final CopyRun run;
    private final Semaphore inFlight;
    private final List<TableEntity> open = new ArrayList<>();
    private long openBytes;

    EntityBatches(String what, TableClient to, TableCopy.Mode mode, CopyRun run) {
        this.what = what;
        this.to = to;
        this.action = switch (mode) {
            case replace -> TableTransactionActionType.UPSERT_REPLACE;
            case merge -> TableTransactionActionType.UPSERT_MERGE;
            case insert -> TableTransactionActionType.CREATE;
        };
        this.run = run;
        this.inFlight = new Semaphore(run.parallel());
    }

    void add(TableEntity read) {
        TableEntity entity = writable(read);
        long size = EntitySize.of(entity);
        if (!open.isEmpty() && (!open.get(0).getPartitionKey().equals(entity.getPartitionKey())
                || open.size() == MOST_ENTITIES || openBytes + size > MOST_BYTES)) {
            send();
        }
        open.add(entity);
        openBytes += size;
    }

    @Override
    public void close() {
        if (!open.isEmpty() && !run.stopped()) {
            send();
        }
        inFlight.acquireUninterruptibly(run.parallel());
        inFlight.release(run.parallel());
    }

    private void send() {
        List<TableEntity> batch = List.copyOf(open);
        long bytes = openBytes;
        open.clear();
        openBytes = 0;
        inFlight.acquireUninterruptibly();
        try {
            run.part(() -> {
                try {
                    List<TableTransactionAction> actions = new ArrayList<>(batch.size());
                    for (TableEntity entity : batch) {
                        actions.add(new TableTransactionAction(action, entity));
                    }
                    to.submitTransaction(actions);
                    run.entitiesDone(batch.size(), bytes);
                } catch (RuntimeException e) {
                    run.failed(what + ": partition '" + batch.get(0).getPartitionKey() + "' rows '" + batch.get(0).getRowKey()
                            + "' to '" + batch.get(batch.size() - 1).getRowKey() + "' (" + batch.size() + " entities)", e);
                } finally {
                    inFlight.release();
                }
                return null;
            });
        } catch (RuntimeException e) {
            inFlight.release();
            throw e;
        }
    }

    /** The entity as read, less what the service sets itself (Timestamp, the ETag, the type annotations: the SDK writes those of the values' own types). */
    private static TableEntity writable(TableEntity read) {
        TableEntity entity = new TableEntity(read.getPartitionKey(), read.getRowKey());
        for (Map.Entry<String, Object> property : read.getProperties().entrySet()) {
            String name = property.getKey();
            if (name.equals("PartitionKey") || name.equals("RowKey") || name.equals("Timestamp") || name.startsWith("odata.")
                    || name.endsWith("@odata.type")) {
                continue;
            }
            entity.addProperty(name, property.getValue());
        }
        return entity;
    }
}
