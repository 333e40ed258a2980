package io.cerulean.tools.copy.table;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.rest.PagedResponse;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.tools.copy.CopyItem;
import io.cerulean.tools.copy.CopyRun;

/**
 * Copies a table: created at the destination if it is not there, then its entities, read a page at
 * a time (the query's continuation) and written in entity group transactions of one partition each
 * ({@link EntityBatches}), several at once. An entity the destination has already is replaced
 * (InsertOrReplace) unless {@link Mode} says otherwise.
 */
public final class TableCopy {
    /** How an entity meets one with its keys at the destination. */
    public enum Mode {
        /** InsertOrReplace: the copy's entity wins, whole. */
        replace,
        /** InsertOrMerge: the copy's properties are merged into the entity there. */
        merge,
        /** Insert: an entity there already fails its batch (EntityAlreadyExists), reported. */
        insert
    }

    private final TableServiceClient source;
    private final TableServiceClient destination;
    private final Mode mode;
    private final CopyRun run;

    public TableCopy(TableServiceClient source, TableServiceClient destination, Mode mode, CopyRun run) {
        this.source = source;
        this.destination = destination;
        this.mode = mode;
        this.run = run;
    }

    public void copy(CopyItem item) {
        TableClient from = source.getTableClient(item.source());
        TableClient to = destination.getTableClient(item.destination());
        try {
            destination.createTableIfNotExists(item.destination());
        } catch (HttpResponseException e) {
            // A SAS for the table alone may write its entities but not create tables: the writes tell.
            if (e.getResponse().getStatusCode() != 403) {
                throw e;
            }
        }
        try (EntityBatches batches = new EntityBatches(item.toString(), to, mode, run)) {
            for (PagedResponse<TableEntity> page : from.listEntities().iterableByPage()) {
                if (run.stopped()) {
                    break;
                }
                for (TableEntity entity : page.getValue()) {
                    batches.add(entity);
                }
            }
        }
        run.tableDone();
    }
}
